import { useEffect, useState } from 'react';
import { draftFromTarget, EMPTY_DRAFT, takeDraft, type UploadDraft } from '@/lib/upload/draft';
import { getPanelTarget } from '@/lib/panel/target';
import { readPreferences } from '@/lib/storage/preferences';

/**
 * The form's defaults: what the side panel handed over ("Upload a recording of this meeting"), else
 * the meeting or person in the active tab. Read once per page, before React renders (the handed
 * over draft is removed as it is read).
 */
export async function loadDraft(): Promise<UploadDraft> {
  try {
    const handedOver = await takeDraft();
    if (handedOver) return handedOver;
    const [target, preferences] = await Promise.all([getPanelTarget(), readPreferences()]);
    return draftFromTarget(target, preferences);
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The draft once `loading` settles; null until then. */
export function useDraft(loading: Promise<UploadDraft>): UploadDraft | null {
  const [draft, setDraft] = useState<UploadDraft | null>(null);
  useEffect(() => {
    let live = true;
    void loading.then((value) => live && setDraft(value));
    return () => {
      live = false;
    };
  }, [loading]);
  return draft;
}
