use super::Plan;
use crate::Schema;

pub fn emit(plan: &Plan, schema: &Schema) -> String {
    let _ = (plan, schema);
    String::new()
}
