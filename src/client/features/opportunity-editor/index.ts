// The opportunity editor's public face: the form and the values it starts from. It saves through
// features/opportunities/api.ts.
export { OpportunityForm } from "./opportunity-form";
export { emptyFormValues, formValuesFrom } from "./opportunity-form-values";
