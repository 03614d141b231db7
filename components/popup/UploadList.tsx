/** Recent uploads, newest first, as the background keeps them (they survive restarts). */
import type { UploadRecord } from '@/lib/upload/record';
import { UploadItem } from './UploadItem';

export function UploadList({ uploads }: { uploads: UploadRecord[] }) {
  if (uploads.length === 0) return <p className="ui-hint">No recordings uploaded yet.</p>;
  return (
    <ul className="upload-list">
      {uploads.map((record) => (
        <UploadItem key={record.id} record={record} />
      ))}
    </ul>
  );
}
