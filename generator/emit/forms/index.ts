/**
 * The `forms` entry point: a Standard Schema validator per request body and operation
 * input (their names are planned: plan/forms.ts).
 */
export { emitForms, FORMS_MODULE, formValidators } from './forms.js';
