import type { ReactiveController, ReactiveElement } from 'lit';
import { clock } from '../../core/clock.js';

/** How long the form value may lag behind typing (it is refreshed at submit anyway). */
const FORM_VALUE_DELAY = 300;

/** What the form-control behaviour reads from its element, when it needs it. */
export interface FormControlSource {
  /** The field name the value is submitted under. */
  name(): string;
  /** The current HTML (cached per document, so reading it again costs nothing). */
  value(): string;
  /** Whether the document holds no text and no atom (an image, a mention). */
  empty(): boolean;
  /** Whether a value must be given. */
  required(): boolean;
  /** Whether the element is disabled, by its attribute or a disabled fieldset. */
  disabled(): boolean;
  /** The message of a missing value, from the strings table. */
  valueMissingMessage(): string;
  /** What the browser's validation bubble points at (the editable content). */
  anchor(): HTMLElement | undefined;
}

/** The content's own `input` events are composed: they stop at the shadow root, where the element's own take over. */
function stopAtShadowRoot(event: Event): void {
  event.stopPropagation();
}

/**
 * The element as a native form control (through `ElementInternals`): the value its form
 * submits (refreshed once typing pauses, and always current at submit), its validity
 * (`required` and the host's own error), and the native events: one `input` per change the user makes and one
 * `change` when focus leaves the element after such changes, as a `<textarea>` fires them.
 */
export class FormControl implements ReactiveController {
  /** The element's internals (null where the browser has none). */
  readonly internals: ElementInternals | null;
  private timer: unknown = null;
  private watchedForm: HTMLFormElement | null = null;
  /** Whether the user changed the document since the last `change` event (or the last value the host set). */
  private uncommitted = false;
  /** The validity last given to the browser (its flags and message; null: none yet), so a keystroke that keeps it sets nothing. */
  private given: string | null = null;
  /** The host's own error (`setCustomValidity`); empty when there is none. */
  private custom = '';

  constructor(
    private readonly host: ReactiveElement,
    private readonly source: FormControlSource,
  ) {
    this.internals = typeof host.attachInternals === 'function' ? host.attachInternals() : null;
    host.addController(this);
  }

  /** The form the element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.internals?.form ?? null;
  }

  hostConnected(): void {
    this.watchForm();
    this.host.renderRoot.addEventListener('input', stopAtShadowRoot);
    // Focus moving inside the element (to the toolbar's link field) is not seen here:
    // retargeted to the host, its target and related target are the same.
    this.host.addEventListener('focusout', this.onFocusOut);
  }

  hostDisconnected(): void {
    if (this.timer) clock.clearTimeout(this.timer);
    this.timer = null;
    this.host.renderRoot.removeEventListener('input', stopAtShadowRoot);
    this.host.removeEventListener('focusout', this.onFocusOut);
    this.watchedForm?.removeEventListener('formdata', this.onFormData);
    this.watchedForm = null;
  }

  /**
   * After a document change: validity now, the form value once typing pauses, and for a
   * change the user made (not the host's), a native `input` event.
   */
  documentChanged(byUser: boolean): void {
    this.validate();
    if (this.submits) {
      if (this.timer) clock.clearTimeout(this.timer);
      this.timer = clock.setTimeout(() => this.flush(), FORM_VALUE_DELAY);
    }
    if (!byUser) return;
    this.uncommitted = true;
    this.host.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  }

  /** The host set the whole value: what the user typed before is no longer a change to commit (as a textarea's `value`). */
  valueReplaced(): void {
    this.uncommitted = false;
  }

  /** Gives the form the current value now. */
  flush(): void {
    if (this.timer) clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.submits) {
      const value = this.source.value();
      this.internals!.setFormValue(value, value);
    }
  }

  /**
   * The host's own error, as a `<textarea>`'s `setCustomValidity()`: a non-empty message
   * makes the element invalid with it (a submit is blocked and the browser shows it); `''`
   * clears it.
   */
  setCustomValidity(message: string): void {
    this.custom = String(message);
    this.validate();
  }

  /**
   * Sets the validity from the host's own error, `required` and the document, at once (the
   * message of a missing value in the current words); an error points at the content.
   */
  validate(): void {
    const internals = this.internals;
    if (!internals) return;
    const custom = this.custom;
    const missing = this.source.required() && this.source.empty();
    // As a native control's, the host's own message is the one shown when there are both.
    const message = custom || (missing ? this.source.valueMissingMessage() : '');
    const given = `${+missing}${+!!custom}${message}`;
    if (given === this.given) return;
    this.given = given;
    if (message) internals.setValidity({ valueMissing: missing, customError: !!custom }, message, this.source.anchor());
    else internals.setValidity({});
  }

  /** Called when the element joins or leaves a form. */
  formChanged(): void {
    this.watchForm();
    this.flush();
  }

  /** Only an element with a name, in a form, has a value to give; others serialise nothing. */
  private get submits(): boolean {
    return !!this.internals && !!this.source.name() && !!this.form;
  }

  private watchForm(): void {
    const form = this.form;
    if (form === this.watchedForm) return;
    this.watchedForm?.removeEventListener('formdata', this.onFormData);
    form?.addEventListener('formdata', this.onFormData);
    this.watchedForm = form;
  }

  /** At submit the entry is always the current HTML, however recent the last keystroke (a disabled element has none). */
  private readonly onFormData = (event: FormDataEvent): void => {
    const name = this.source.name();
    if (!name || this.source.disabled()) return;
    // The entries were gathered before this event: the one given with a stale value is replaced.
    this.flush();
    event.formData.set(name, this.source.value());
  };

  /** Focus left the element: the form value is brought up to date, and the user's changes are committed with `change`. */
  private readonly onFocusOut = (): void => {
    this.flush();
    if (!this.uncommitted) return;
    this.uncommitted = false;
    this.host.dispatchEvent(new Event('change', { bubbles: true }));
  };
}
