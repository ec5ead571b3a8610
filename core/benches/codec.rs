//! Encode and decode 1M three-segment keys (padded, inverted, text) against a bare
//! `format!` baseline measured in the same run. See docs/performance.md.
//!
//! `cargo bench -p keylab --bench codec`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use keylab::codec::{decode, encode, encode_key, KeyCodec};
use keylab::{Schema, Values};
use serde_json::{json, Value};
use std::hint::black_box;

const KEYS: usize = 1_000_000;

fn schema() -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [{"name": "Run",
            "fields": {"score": {"kind": "uint", "width": 10}, "at": {"kind": "uint", "width": 16, "order": "desc"},
                       "player": {"kind": "text"}},
            "keys": {"PK": [{"literal": "P"}], "SK": [{"field": "score"}, {"field": "at"}, {"field": "player"}]}}]
    }))
    .expect("bench schema")
}

/// Deterministic inputs: a score, a millisecond time and a player id per key.
fn inputs() -> Vec<(u64, u64, String)> {
    let mut rng = fastrand::Rng::with_seed(42);
    (0..KEYS)
        .map(|_| {
            (
                rng.u64(0..10_000_000_000),
                rng.u64(1_600_000_000_000..1_800_000_000_000),
                format!("p_{}", rng.u32(..)),
            )
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let schema = schema();
    let entity = &schema.entities[0];
    let template = entity.template("SK").expect("SK template");
    let raw = inputs();
    let values: Vec<Values> = raw
        .iter()
        .map(|(s, a, p)| {
            let mut v = Values::new();
            v.insert("score".into(), Value::from(*s));
            v.insert("at".into(), Value::from(*a));
            v.insert("player".into(), Value::from(p.as_str()));
            v
        })
        .collect();

    let mut g = c.benchmark_group("encode 1M keys");
    g.sample_size(10).throughput(Throughput::Elements(KEYS as u64));
    g.bench_function("baseline format!", |b| {
        b.iter(|| {
            for (s, a, p) in &raw {
                black_box(format!("{:010}#{:016}#{}", s, a, p));
            }
        })
    });
    g.bench_function("baseline write! into one buffer", |b| {
        use std::fmt::Write;
        let mut key = String::with_capacity(64);
        b.iter(|| {
            for (s, a, p) in &raw {
                key.clear();
                let _ = write!(key, "{:010}#{:016}#{}", s, a, p);
                black_box(key.as_str());
            }
        })
    });
    g.bench_function("keylab encode_key (one attribute)", |b| {
        b.iter(|| {
            for v in &values {
                black_box(encode_key(&schema, entity, template, v).ok());
            }
        })
    });
    let writer = KeyCodec::new(&schema, "Run", "SK").expect("writer");
    let positional: Vec<[Value; 3]> = raw
        .iter()
        .map(|(s, a, p)| [Value::from(*s), Value::from(*a), Value::from(p.as_str())])
        .collect();
    g.bench_function("keylab KeyCodec (values by position, one buffer)", |b| {
        let mut key = String::with_capacity(64);
        b.iter(|| {
            for [s, a, p] in &positional {
                black_box(writer.write(&[s, a, p], &mut key).is_ok());
                black_box(key.as_str());
            }
        })
    });
    g.bench_function("keylab encode (whole item)", |b| {
        b.iter(|| {
            for v in &values {
                black_box(encode(&schema, "Run", v).ok());
            }
        })
    });
    g.finish();

    let keys: Vec<String> = values
        .iter()
        .filter_map(|v| encode_key(&schema, entity, template, v).ok())
        .map(|(k, _)| k.as_str().to_string())
        .collect();
    let baseline_keys: Vec<String> = raw
        .iter()
        .map(|(s, a, p)| format!("{:010}#{:016}#{}", s, a, p))
        .collect();
    let mut g = c.benchmark_group("decode 1M keys");
    g.sample_size(10).throughput(Throughput::Elements(KEYS as u64));
    g.bench_function("baseline split + parse", |b| {
        b.iter(|| {
            for k in &baseline_keys {
                let mut parts = k.splitn(3, '#');
                let s: u64 = parts.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                let a: u64 = parts.next().and_then(|x| x.parse().ok()).unwrap_or(0);
                let p = parts.next().unwrap_or_default().to_string();
                black_box((s, a, p));
            }
        })
    });
    g.bench_function("keylab KeyCodec::read (values by position, one buffer)", |b| {
        let mut values = Vec::with_capacity(3);
        b.iter(|| {
            for k in &keys {
                black_box(writer.read(k, &mut values).is_ok());
                black_box(&values);
            }
        })
    });
    g.bench_function("keylab decode", |b| {
        b.iter(|| {
            for k in &keys {
                black_box(decode(&schema, "Run", "SK", k).ok());
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("sort 1M keys by UTF-8 bytes");
    g.sample_size(10).throughput(Throughput::Elements(KEYS as u64));
    g.bench_function("baseline sort_unstable", |b| {
        b.iter_batched(
            || baseline_keys.clone(),
            |mut k| k.sort_unstable(),
            BatchSize::LargeInput,
        )
    });
    g.bench_function("keylab sort_keys", |b| {
        b.iter_batched(
            || keys.clone(),
            |mut k| keylab::codec::order::sort_keys(&mut k),
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
