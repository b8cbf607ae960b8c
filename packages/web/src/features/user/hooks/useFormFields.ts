import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Validation } from '../validation';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Values and error messages of a small form. Editing a field clears its error; `validate`
 * shows every failing check at once and moves focus to the first invalid field.
 */
export const useFormFields = <K extends string>(
  initial: Record<K, string>,
  formRef: RefObject<HTMLFormElement | null>,
) => {
  const { t } = useTranslation('user');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [focusRound, setFocusRound] = useState(0);

  useEffect(() => {
    if (focusRound === 0) return;
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [focusRound, formRef]);

  const setterCache = useRef(new Map<K, (value: string) => void>());
  const setValue = useCallback((key: K): ((value: string) => void) => {
    let setter = setterCache.current.get(key);
    if (!setter) {
      setter = (value: string) => {
        setValues((current) => ({ ...current, [key]: value }));
        setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
      };
      setterCache.current.set(key, setter);
    }
    return setter;
  }, []);

  /** Runs the given checks; returns true when all pass. */
  const validate = (checks: Partial<Record<K, Validation>>): boolean => {
    const next: FieldErrors<K> = {};
    let isValid = true;
    for (const [key, result] of Object.entries(checks) as Array<[K, Validation]>) {
      if (result) {
        next[key] = t(result.key, { max: result.max });
        isValid = false;
      }
    }
    setErrors(next);
    if (!isValid) setFocusRound((round) => round + 1);
    return isValid;
  };

  /** Shows errors the server named (`fields` of a 400), renamed to this form's keys. */
  const showServerFields = (fields: Record<string, string>, rename: Partial<Record<string, K>> = {}) => {
    const next: FieldErrors<K> = {};
    for (const [field, message] of Object.entries(fields)) {
      const key = rename[field] ?? (field in initial ? (field as K) : undefined);
      if (key) next[key] = message;
    }
    if (Object.keys(next).length > 0) {
      setErrors((current) => ({ ...current, ...next }));
      setFocusRound((round) => round + 1);
    }
  };

  /** What a field component needs: its value, its setter and its message. */
  const field = (key: K) => ({ value: values[key], onValueChange: setValue(key), error: errors[key] });

  return { values, errors, setValue, field, validate, showServerFields, setErrors };
};

export type FormFields<K extends string> = ReturnType<typeof useFormFields<K>>;
