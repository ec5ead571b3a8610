use super::*;
use crate::codec::KeyValue;

fn in_place() -> Apply {
    Apply::InPlace {
        runner: "apply.py".into(),
        run: "python3 apply.py".into(),
        sdk: "boto3-client".into(),
    }
}

fn situation(summary: &Summary, apply: Apply, from_the_command_line: bool) -> Situation<'_> {
    Situation {
        table: "Leaderboard",
        from: "old.json",
        to: "new.json",
        summary,
        created_indexes: Vec::new(),
        apply,
        from_the_command_line,
    }
}

fn changed(n: usize) -> Summary {
    Summary {
        items: n,
        changed: n,
        ..Summary::default()
    }
}

/// The file each command writes is the one the next reads, and the runner is run.
#[test]
fn each_command_reads_what_the_one_before_wrote() {
    let summary = changed(4);
    let steps = steps(&situation(&summary, in_place(), false));
    let commands: Vec<&str> = steps.iter().flat_map(|s| &s.commands).map(String::as_str).collect();
    assert_eq!(
        commands,
        [
            "cargo install --path cli",
            "aws dynamodb scan --table-name Leaderboard --output json > table-export.json",
            "keylab migrate --from old.json --to new.json --emit transactions --table Leaderboard --program apply.py --sdk boto3-client < table-export.json > plan.jsonl",
            "python3 apply.py plan.jsonl",
        ]
    );
    assert!(steps.iter().all(|s| !s.done));
    let text = numbered(&steps);
    assert!(!text.contains("V2#"), "no prefix the design does not have: {text}");
    assert!(text.contains("export-table-to-point-in-time"), "{text}");
}

/// What must be fixed comes before the plan is written, and the command line marks
/// only what its own run did.
#[test]
fn fixes_come_first_and_the_command_line_marks_its_own_steps_done() {
    let summary = Summary {
        refused_count: 2,
        collision_count: 1,
        ..changed(5)
    };
    let steps = steps(&situation(&summary, in_place(), true));
    let at = |needle: &str| steps.iter().position(|s| s.text.contains(needle)).unwrap();
    assert!(at("Fix the 2 item(s)") < at("Write the plan"));
    assert!(at("Resolve the 1 collision(s)") < at("Write the plan"));
    let done: Vec<bool> = steps.iter().map(|s| s.done).collect();
    // Installed and read, not paused: no run of keylab can say the writes paused.
    assert!(steps[1].text.starts_with("Pause the writes"), "{}", steps[1].text);
    assert_eq!(done, [true, false, true, false, false, true, false, false]);
}

#[test]
fn old_and_new_keys_of_one_partition_are_warned_of_with_the_way_around() {
    assert_eq!(mixed_warning(&changed(3)), None);
    let summary = Summary {
        mixed: Some(Mixed {
            at: 0,
            partition: KeyValue::S("SEASON#SPRING".into()),
            old: KeyValue::S("9999998499#2024".into()),
            new: KeyValue::S("999999998499#2024".into()),
        }),
        ..changed(3)
    };
    let warning = mixed_warning(&summary).unwrap();
    assert!(
        warning.contains("\"9999998499#2024\"") && warning.contains("\"999999998499#2024\""),
        "{warning}"
    );
    assert!(
        warning.contains("SEASON#SPRING") && warning.contains("--emit batch"),
        "{warning}"
    );
}

#[test]
fn a_copy_to_a_new_table_loads_the_batches_it_wrote() {
    let summary = changed(60);
    let apply = Apply::Batches {
        files: 3,
        dir: "batches".into(),
    };
    let steps = steps(&situation(&summary, apply, false));
    let commands: Vec<&String> = steps.iter().flat_map(|s| &s.commands).collect();
    assert!(commands[2].contains("--emit batch --table Leaderboard --out batches < table-export.json"));
    assert!(commands[3].contains("file://batches/batch-000001.json"));
}

/// Nothing to move: the items are read, and no write is paused.
#[test]
fn a_change_that_moves_nothing_pauses_no_writes() {
    let summary = Summary::default();
    let steps = steps(&situation(&summary, Apply::Report, false));
    let text = numbered(&steps);
    assert!(!text.contains("Pause"), "{text}");
    assert!(
        text.contains("Read Leaderboard's items (the aws commands use your shell's AWS settings"),
        "{text}"
    );
}
