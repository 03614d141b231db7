/** Recent uploads, newest first, as the background keeps them (they survive restarts). */
import type { UploadRecord } from '@/lib/upload/record';
import { LiveRegion } from '@/components/ui/Message';
import { useUploadAnnouncement } from './announce';
import { UploadItem } from './UploadItem';

export function UploadList({ uploads }: { uploads: UploadRecord[] }) {
  const said = useUploadAnnouncement(uploads);
  return (
    <>
      {uploads.length === 0 ? (
        <p className="ui-hint">No recordings uploaded yet.</p>
      ) : (
        <ul className="upload-list">
          {uploads.map((record) => (
            <UploadItem key={record.id} record={record} />
          ))}
        </ul>
      )}
      {/* Heard, not seen: each row shows the same. */}
      <LiveRegion className="visually-hidden">{said}</LiveRegion>
    </>
  );
}
