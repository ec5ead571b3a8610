//! Which key attribute's template is being designed, and the table's GSIs.

use crate::document::{Action, Design, DesignEdit, FocusEdit, TemplateEdit};
use crate::ui::widgets::new_multi_index::NewMultiIndex;
use crate::ui::widgets::tabs::Tabs;
use keylab::schema::KeyRole;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct AttributePickerProps {
    pub design: Design,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn AttributePicker(props: &AttributePickerProps) -> Html {
    let state = &props.design;
    let table = &state.schema().table;
    let attribute = state.attribute();
    let role = |a: &str| -> String {
        match table.parts(a).next() {
            Some((index, role)) => {
                let what = if role == KeyRole::Sort {
                    "sort key"
                } else {
                    "partition key"
                };
                format!("{} {what}", index.unwrap_or("table"))
            }
            None => "unused".into(),
        }
    };
    let d = props.dispatch.clone();
    let select = Callback::from(move |attribute: String| d.emit(Action::from(FocusEdit::SelectAttribute(attribute))));
    let has_template = state.template().is_some();
    let is_index_key = !table.is_primary_key(&attribute);
    let entity = state.entity().map(|e| e.name.clone()).unwrap_or_default();
    let emit = |action: Action| {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(action.clone()))
    };
    let index = state.index_of_attribute();
    let options: Vec<(String, String)> = table
        .attributes
        .iter()
        .map(|(a, t)| (a.clone(), format!("{a} ({}, {})", t.as_str(), role(a))))
        .collect();
    html! {
        <div class="picker">
            <Tabs id="attribute-tab" label="key attribute" tabs={options} selected={attribute.clone()} on_select={select} controls="template-panel" captioned=true />
            if !has_template {
                <button type="button" onclick={emit(Action::from(TemplateEdit::AddTemplate))}>{ format!("Give {entity} a {attribute} template") }</button>
            } else if is_index_key {
                <button type="button" onclick={emit(Action::from(TemplateEdit::RemoveTemplate))}
                    title="Items without this key are left out of the index: a sparse index">{ format!("Leave {entity} out of this index") }</button>
            }
            if table.primary.sort.is_none() {
                // Without one, a partition holds one item: no order to design.
                <button type="button" onclick={emit(Action::from(DesignEdit::AddSortKey))}>{ "+ sort key for the table" }</button>
            }
            <button type="button" onclick={emit(Action::from(DesignEdit::AddIndex))}>{ "+ GSI" }</button>
            { index.map(|name| html! {
                <button type="button" onclick={emit(Action::from(DesignEdit::RemoveIndex(name.clone())))}>{ format!("Remove index {name}") }</button>
            }).unwrap_or_default() }
            <NewMultiIndex design={props.design.clone()} dispatch={props.dispatch.clone()} />
        </div>
    }
}
