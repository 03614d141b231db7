/**
 * "Upload a recording of this meeting": the toolbar popup's upload flow, pre-filled from the event in
 * view (title, time, attendees, known contacts). The popup opens where the browser allows it,
 * else the same page opens in a tab.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { PanelTarget } from '@/lib/panel/target';
import { draftFromTarget, openUploadFor } from '@/lib/upload/draft';
import { usePreferences } from '../data/usePreferences';

export function UploadRecordingButton({ target, label = 'Upload a recording of this meeting' }: { target: PanelTarget; label?: string }) {
  const [failed, setFailed] = useState(false);
  const preferences = usePreferences();
  const open = () => {
    setFailed(false);
    openUploadFor(draftFromTarget(target, preferences), target.tabId).catch(() => setFailed(true));
  };
  return (
    <div className="upload-offer">
      <Button variant="secondary" onClick={open}>
        {label}
      </Button>
      {failed ? (
        <p className="field-error" role="alert">
          The upload window could not be opened; use Primer’s toolbar button.
        </p>
      ) : null}
    </div>
  );
}
