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

  /** The element's validity (`valueMissing` when `required` and empty). */
  get validity(): ValidityState | null {
    return this.formControl.internals?.validity ?? null;
  }

  /** The message of the current validity error (the strings table's `form.required`), or empty. */
  get validationMessage(): string {
    return this.formControl.internals?.validationMessage ?? '';
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
