/**
 * Keeps the upload form as the user left it across the popup closing (lib/upload/form-memory.ts):
 * recalled once when the form opens, unless the user typed first, and written at each change (at
 * once: a popup that closes takes pending timers with it).
 */
import { useEffect, useRef, useState } from 'react';
import { recallForm, rememberForm, type FormFields } from '@/lib/upload/form-memory';

export function useFormMemory(about: string | null, fields: FormFields, restore: (fields: FormFields) => void): void {
  const [recalled, setRecalled] = useState(false);
  const serial = JSON.stringify(fields);
  const opened = useRef(serial);
  /** What the stored copy holds, as far as this form knows (the defaults as opened: nothing to keep). */
  const stored = useRef(serial);
  const restoreRef = useRef(restore);
  const edited = useRef(false);
  useEffect(() => {
    restoreRef.current = restore;
    if (serial !== opened.current) edited.current = true;
  });

  useEffect(() => {
    let live = true;
    if (about === null) return;
    recallForm(about)
      .then((found) => {
        if (!live || !found || edited.current) return;
        stored.current = JSON.stringify(found);
        restoreRef.current(found);
      })
      .catch(() => undefined)
      .finally(() => live && setRecalled(true));
    return () => {
      live = false;
    };
  }, [about]);

  useEffect(() => {
    if (about === null || !recalled || serial === stored.current) return;
    stored.current = serial;
    void rememberForm(about, JSON.parse(serial) as FormFields).catch(() => undefined);
  }, [about, recalled, serial]);
}
