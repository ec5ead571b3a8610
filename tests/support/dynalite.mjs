// dynalite on 127.0.0.1 with a table made from a keylab schema: shared by the query
// conformance suite and the snippet execution test.
import dynalite from 'dynalite';
import {
  DynamoDBClient, CreateTableCommand, DescribeTableCommand, BatchWriteItemCommand,
} from '@aws-sdk/client-dynamodb';

/** Starts dynalite on a free loopback port. */
export async function startDynalite() {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  // The client keeps its sockets alive between requests; Node's server closes an idle
  // one after 5 s, and a request sent on it as it closes fails with ECONNRESET (seen
  // when a suite compiles files between requests on a busy machine). Idle sockets stay
  // open until the client is destroyed.
  server.keepAliveTimeout = 0;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${server.address().port}`;
  const client = new DynamoDBClient({
    endpoint, region: 'us-east-1', maxAttempts: 1,
    credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' },
  });
  const close = async () => {
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return { endpoint, client, close };
}

/** Creates the schema's table, every GSI projecting all attributes, and returns once
 * the table and each GSI are ACTIVE: dynalite answers CreateTable with CREATING and
 * turns ACTIVE on a later tick, and a write before that is a ResourceNotFoundException
 * (seen on a busy machine). */
export async function createTable(client, schema) {
  const ks = (p, s) => [{ AttributeName: p, KeyType: 'HASH' }, ...(s ? [{ AttributeName: s, KeyType: 'RANGE' }] : [])];
  const throughput = { ReadCapacityUnits: 5, WriteCapacityUnits: 5 };
  const indexes = schema.table.indexes ?? [];
  await client.send(new CreateTableCommand({
    TableName: schema.table.name,
    AttributeDefinitions: Object.entries(schema.table.attributes).map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    KeySchema: ks(schema.table.primary.partition, schema.table.primary.sort),
    ...(indexes.length ? {
      GlobalSecondaryIndexes: indexes.map((ix) => ({
        IndexName: ix.name, KeySchema: ks(ix.partition, ix.sort), Projection: { ProjectionType: 'ALL' }, ProvisionedThroughput: throughput,
      })),
    } : {}),
    ProvisionedThroughput: throughput,
  }));
  await untilActive(client, schema.table.name);
}

/** Polls DescribeTable until the table and all its GSIs are ACTIVE; 30 s at most. */
export async function untilActive(client, table) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    const indexes = Table.GlobalSecondaryIndexes ?? [];
    if (Table.TableStatus === 'ACTIVE' && indexes.every((ix) => ix.IndexStatus === 'ACTIVE')) return;
    if (Date.now() > deadline) throw new Error(`table ${table} not ACTIVE after 30 s: ${Table.TableStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Writes DynamoDB JSON items, 25 per batch. */
export async function putAll(client, table, items) {
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: batch } }));
  }
}
