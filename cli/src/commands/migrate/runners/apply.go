// Re-keys a DynamoDB table in place with the AWS SDK for Go v2: applies the plan that
// `keylab migrate --emit transactions` wrote, one TransactWriteItems per changed item
// (the item under its new keys, put only where no item is yet, and its old item
// deleted, both or neither; or, when only its index keys change, those attributes
// updated while the item is there).
//
//	go run apply.go PLAN.jsonl [--endpoint-url URL]
//
// with github.com/aws/aws-sdk-go-v2/config and .../service/dynamodb in go.mod.
//
// Run it again at will: a change already in the table (its new key holds an item, its
// old key none) is counted, not repeated. A change whose new key holds another item
// waits for a later pass, in case that item moves away in this one; when a pass moves
// nothing, the changes still waiting are listed and it exits 1 (keylab migrate's
// summary names the collisions to resolve first).
package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// One plan line: its writes, and, for a move, what tells whether it is done.
type change struct {
	line  int
	input *dynamodb.TransactWriteItemsInput
	moved *move
}

type move struct {
	table          string
	newKey, oldKey map[string]types.AttributeValue
}

func main() {
	args := os.Args[1:]
	endpoint := ""
	for i, a := range args {
		if a == "--endpoint-url" && i+1 < len(args) {
			endpoint = args[i+1]
			args = append(args[:i:i], args[i+2:]...)
			break
		}
	}
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: apply PLAN.jsonl [--endpoint-url URL]")
		os.Exit(2)
	}
	code, err := apply(args[0], endpoint)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(code)
}

// The SDK's standard retries, and a response cut short by a connection closed under
// it, which the standard ones leave out: every call here is safe to send again (a
// read, or a transaction with its idempotency token).
func retryer() aws.Retryer {
	return retry.NewStandard(func(o *retry.StandardOptions) {
		o.Retryables = append(o.Retryables, retry.IsErrorRetryableFunc(func(err error) aws.Ternary {
			if errors.Is(err, net.ErrClosed) {
				return aws.TrueTernary
			}
			return aws.UnknownTernary
		}))
	})
}

func apply(plan, endpoint string) (int, error) {
	ctx := context.Background()
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(retryer))
	if err != nil {
		return 1, err
	}
	client := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if endpoint != "" {
			o.EndpointResolver = dynamodb.EndpointResolverFromURL(endpoint)
		}
	})
	file, err := os.Open(plan)
	if err != nil {
		return 1, err
	}
	defer file.Close()
	var waiting []change
	lines := bufio.NewScanner(file)
	lines.Buffer(make([]byte, 1<<20), 1<<30)
	for n := 1; lines.Scan(); n++ {
		if strings.TrimSpace(lines.Text()) == "" {
			continue
		}
		c, err := parse(n, lines.Bytes())
		if err != nil {
			return 1, fmt.Errorf("line %d: %w", n, err)
		}
		waiting = append(waiting, c)
	}
	if err := lines.Err(); err != nil {
		return 1, err
	}
	applied, already, gone := 0, 0, 0
	for len(waiting) > 0 {
		var blocked []change
		for _, c := range waiting {
			_, err := client.TransactWriteItems(ctx, c.input)
			var canceled *types.TransactionCanceledException
			switch {
			case err == nil:
				applied++
			case errors.As(err, &canceled) && len(canceled.CancellationReasons) > 0 &&
				aws.ToString(canceled.CancellationReasons[0].Code) == "ConditionalCheckFailed":
				if c.moved == nil {
					// Only other keys change, and the item was deleted since the export.
					fmt.Fprintf(os.Stderr, "line %d: the item is no longer in the table; nothing written\n", c.line)
					gone++
				} else if done, err := moved(ctx, client, c.moved); err != nil {
					return 1, fmt.Errorf("line %d: %w", c.line, err)
				} else if done {
					already++
				} else {
					blocked = append(blocked, c)
				}
			default:
				return 1, fmt.Errorf("line %d: %w", c.line, err)
			}
		}
		if len(blocked) == len(waiting) {
			for _, c := range blocked {
				fmt.Fprintf(os.Stderr, "line %d: its new key already holds an item (written there since the export, or another item that collides); left as it is\n", c.line)
			}
			fmt.Fprintf(os.Stderr, "applied %d change(s), %d already applied; %d left as they are\n", applied, already, len(blocked))
			return 1, nil
		}
		waiting = blocked
	}
	fmt.Printf("applied %d change(s), %d already applied, %d gone\n", applied, already, gone)
	return 0, nil
}

// Whether a move is in the table: its new key holds an item, its old key none.
func moved(ctx context.Context, client *dynamodb.Client, m *move) (bool, error) {
	held := func(key map[string]types.AttributeValue) (bool, error) {
		got, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(m.table), Key: key, ConsistentRead: aws.Bool(true)})
		return err == nil && got.Item != nil, err
	}
	atNew, err := held(m.newKey)
	if err != nil || !atNew {
		return false, err
	}
	atOld, err := held(m.oldKey)
	return !atOld, err
}

// The plan's JSON for one write, by field.
type write struct {
	TableName                 *string
	Item, Key                 map[string]json.RawMessage
	ConditionExpression       *string
	UpdateExpression          *string
	ExpressionAttributeNames  map[string]string
	ExpressionAttributeValues map[string]json.RawMessage
}

func parse(n int, text []byte) (change, error) {
	var line struct {
		TransactItems []struct{ Put, Delete, Update *write }
	}
	if err := json.Unmarshal(text, &line); err != nil {
		return change{}, err
	}
	c := change{line: n, input: &dynamodb.TransactWriteItemsInput{}}
	for _, w := range line.TransactItems {
		var item types.TransactWriteItem
		switch {
		case w.Put != nil:
			values, err := attributes(w.Put.Item)
			if err != nil {
				return c, err
			}
			item.Put = &types.Put{TableName: w.Put.TableName, Item: values,
				ConditionExpression: w.Put.ConditionExpression, ExpressionAttributeNames: w.Put.ExpressionAttributeNames}
		case w.Delete != nil:
			key, err := attributes(w.Delete.Key)
			if err != nil {
				return c, err
			}
			item.Delete = &types.Delete{TableName: w.Delete.TableName, Key: key}
		case w.Update != nil:
			key, err := attributes(w.Update.Key)
			if err != nil {
				return c, err
			}
			values, err := attributes(w.Update.ExpressionAttributeValues)
			if err != nil {
				return c, err
			}
			if len(values) == 0 {
				values = nil
			}
			item.Update = &types.Update{TableName: w.Update.TableName, Key: key, UpdateExpression: w.Update.UpdateExpression,
				ConditionExpression: w.Update.ConditionExpression, ExpressionAttributeNames: w.Update.ExpressionAttributeNames,
				ExpressionAttributeValues: values}
		default:
			return c, errors.New("holds a write that is not a Put, a Delete or an Update")
		}
		c.input.TransactItems = append(c.input.TransactItems, item)
	}
	items := c.input.TransactItems
	if len(items) == 2 && items[0].Put != nil && items[1].Delete != nil {
		newKey := map[string]types.AttributeValue{}
		for name := range items[1].Delete.Key {
			newKey[name] = items[0].Put.Item[name]
		}
		c.moved = &move{table: aws.ToString(items[0].Put.TableName), newKey: newKey, oldKey: items[1].Delete.Key}
	}
	return c, nil
}

// An item (or a key, or expression values) in DynamoDB JSON, as the plan holds it.
func attributes(raw map[string]json.RawMessage) (map[string]types.AttributeValue, error) {
	out := make(map[string]types.AttributeValue, len(raw))
	for name, value := range raw {
		v, err := attribute(value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = v
	}
	return out, nil
}

func attribute(raw json.RawMessage) (types.AttributeValue, error) {
	var typed map[string]json.RawMessage
	if err := json.Unmarshal(raw, &typed); err != nil || len(typed) != 1 {
		return nil, errors.New(`an attribute value is not {"S": ...}`)
	}
	for tag, inner := range typed {
		var s string
		var ss []string
		switch tag {
		case "S", "N", "B":
			if err := json.Unmarshal(inner, &s); err != nil {
				return nil, err
			}
			if tag == "S" {
				return &types.AttributeValueMemberS{Value: s}, nil
			} else if tag == "N" {
				return &types.AttributeValueMemberN{Value: s}, nil
			}
			b, err := base64.StdEncoding.DecodeString(s)
			return &types.AttributeValueMemberB{Value: b}, err
		case "SS", "NS", "BS":
			if err := json.Unmarshal(inner, &ss); err != nil {
				return nil, err
			}
			if tag == "SS" {
				return &types.AttributeValueMemberSS{Value: ss}, nil
			} else if tag == "NS" {
				return &types.AttributeValueMemberNS{Value: ss}, nil
			}
			var bs [][]byte
			for _, one := range ss {
				b, err := base64.StdEncoding.DecodeString(one)
				if err != nil {
					return nil, err
				}
				bs = append(bs, b)
			}
			return &types.AttributeValueMemberBS{Value: bs}, nil
		case "BOOL":
			var b bool
			err := json.Unmarshal(inner, &b)
			return &types.AttributeValueMemberBOOL{Value: b}, err
		case "NULL":
			return &types.AttributeValueMemberNULL{Value: true}, nil
		case "L":
			var list []json.RawMessage
			if err := json.Unmarshal(inner, &list); err != nil {
				return nil, err
			}
			values := make([]types.AttributeValue, 0, len(list))
			for _, one := range list {
				v, err := attribute(one)
				if err != nil {
					return nil, err
				}
				values = append(values, v)
			}
			return &types.AttributeValueMemberL{Value: values}, nil
		case "M":
			var m map[string]json.RawMessage
			if err := json.Unmarshal(inner, &m); err != nil {
				return nil, err
			}
			values, err := attributes(m)
			return &types.AttributeValueMemberM{Value: values}, err
		}
		return nil, fmt.Errorf("%s is not a DynamoDB type this program reads", tag)
	}
	return nil, errors.New("unreachable")
}
