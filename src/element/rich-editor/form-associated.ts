import { LitElement } from 'lit';
import type { FormControl } from './form-control.js';

/**
 * What makes an element a form control to the page, as a `<textarea>` is one: its form, labels
 * and validity, read through its `FormControl` (form-control.ts). The element extends it.
 */
export abstract class FormAssociatedElement extends LitElement {
  /** Form-associated: inside a `<form>` the element submits its value under `name`. */
  static formAssociated = true;

  /** The element's form-control behaviour. */
  protected abstract readonly formControl: FormControl;

  /** The form the element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.formControl.form;
  }

  /** The labels of the element (`<label for>` or around it). */
  get labels(): NodeList | null {
    return this.formControl.internals?.labels ?? null;
  }

  /** The element's validity (`valueMissing` when `required` and empty, `customError` after `setCustomValidity(message)`). */
  get validity(): ValidityState | null {
    return this.formControl.internals?.validity ?? null;
  }

  /**
   * The message of the current validity error, or empty: the one given to
   * `setCustomValidity()`, else the strings table's `form.required` (in the words set now,
   * even right after `strings` changed).
   */
  get validationMessage(): string {
    return this.formControl.internals?.validationMessage ?? '';
  }

  /**
   * Makes the element invalid with a message of the host's own, as a `<textarea>`'s
   * `setCustomValidity()`: a form is not submitted, and `reportValidity()` shows the
   * message at the content, until it is cleared with `''`.
   */
  setCustomValidity(message: string): void {
    this.formControl.setCustomValidity(message);
  }

  /** Whether the element takes part in its form's validation (not when disabled or read-only). */
  get willValidate(): boolean {
    return this.formControl.internals?.willValidate ?? false;
  }

  /** Whether the element is valid; an invalid one fires `invalid`. */
  checkValidity(): boolean {
    return this.formControl.internals?.checkValidity() ?? true;
  }

  /** Like `checkValidity()`, and the browser shows the message at the content. */
  reportValidity(): boolean {
    return this.formControl.internals?.reportValidity() ?? true;
  }

  /** Called by the browser when the element joins or leaves a form. */
  formAssociatedCallback(): void {
    this.formControl.formChanged();
  }
}
