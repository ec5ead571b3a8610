use super::*;

#[test]
fn names_follow_each_language_convention() {
    assert_eq!(pascal("GSI1PK"), "Gsi1Pk");
    assert_eq!(pascal("orderLine"), "OrderLine");
    assert_eq!(camel("created_at"), "createdAt");
    assert_eq!(snake("createdAt"), "created_at");
    assert_eq!(snake("GSI1PK"), "gsi1_pk");
    assert_eq!(pascal("9lives"), "X9lives");
    assert_eq!(ident("class", camel), "class_");
}
