use super::Plan;

pub fn emit(plan: &Plan) -> String {
    let _ = plan;
    String::new()
}
