/**
 * One validation pattern for every form: nothing is marked until the first submit; from then on
 * the form's own checks are shown live (a fixed field clears at once), the API's field errors stay
 * until their field is edited or the form is sent again, and each submit that finds errors moves
 * focus to the first invalid field (opening the disclosure that hides it). Save is never disabled
 * for validation: the submit is where the user learns what is wrong.
 */
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';

/** The attribute a control carries to name the error key it shows (see Field's `name`). */
export const ERROR_KEY_ATTR = 'data-error-key';

export interface FormErrors {
  /** Field → message to show now: the API's named fields, then the local checks after a submit. */
  errors: Record<string, string>;
  /** The last API error, for the notice that says what the API refused beyond its fields. */
  apiError: unknown;
  /** Spread on the `<form>`: its ref and the edit listener that clears an API error on its field. */
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onChange(event: FormEvent<HTMLFormElement>): void;
  };
  /** Call first in submit: marks the form submitted, clears the last API error; false when it has errors. */
  check(): boolean;
  /** Call with what the API threw: its named fields join the errors and focus moves to the first. */
  fail(error: unknown): void;
  /** Forget every error shown (after a save or a reset). */
  reset(): void;
}

/** `local` is the form's own validation of its current values (field → reason). */
export function useFormErrors(local: Record<string, string>): FormErrors {
  const ref = useRef<HTMLFormElement>(null);
  const [submitted, setSubmitted] = useState(false);
  const [apiError, setApiError] = useState<unknown>();
  const [apiParams, setApiParams] = useState<Record<string, string>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const hasLocal = Object.keys(local).length > 0;

  useEffect(() => {
    if (focusRequest > 0 && ref.current) focusFirstError(ref.current);
  }, [focusRequest]);

  // Editing a field the API named drops its error; the API's notice goes with its last named field.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const key = (event.target as Element).closest?.(`[${ERROR_KEY_ATTR}]`)?.getAttribute(ERROR_KEY_ATTR);
    if (!key || !(key in apiParams)) return;
    const { [key]: _, ...rest } = apiParams;
    setApiParams(rest);
    if (Object.keys(rest).length === 0) setApiError(undefined);
  };

  return {
    errors: { ...apiParams, ...(submitted ? local : {}) },
    apiError,
    formProps: { ref, noValidate: true, onChange },
    check() {
      setSubmitted(true);
      setApiError(undefined);
      setApiParams({});
      if (hasLocal) setFocusRequest((n) => n + 1);
      return !hasLocal;
    },
    fail(error) {
      setApiError(error);
      const params = error instanceof ApiError ? error.params : {};
      setApiParams(params);
      setFocusRequest((n) => n + 1);
    },
    reset() {
      setSubmitted(false);
      setApiError(undefined);
      setApiParams({});
    },
  };
}

/** Opens every closed `<details>` around `el`, then focuses it and scrolls it into view. */
export function revealField(el: HTMLElement): void {
  for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null)
    if (!d.open) d.open = true;
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'center' });
}

/**
 * Opens every disclosure that hides an invalid control, then focuses the first one; the error
 * summary when no control is marked (an error the API named for a field the form does not show).
 */
export function focusFirstError(form: HTMLFormElement): void {
  const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
  for (const el of invalid) {
    const details = el.closest('details');
    if (details && !details.open) details.open = true;
  }
  const first = invalid[0];
  if (first) {
    revealField(first);
    return;
  }
  const summary = form.querySelector<HTMLElement>('.error-summary, .notice-error');
  summary?.focus({ preventScroll: true });
  summary?.scrollIntoView?.({ block: 'center' });
}
