/**
 * Whether a picked file can be uploaded, checked before anything is sent: an audio media type
 * (taken from the name when the browser gives none, as it often does for .m4a or .opus) and a
 * size the service accepts.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 ** 3;

const BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg', m4a: 'audio/mp4', mp4a: 'audio/mp4', aac: 'audio/aac', wav: 'audio/wav', wave: 'audio/wav',
  ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/opus', weba: 'audio/webm', flac: 'audio/flac', aiff: 'audio/aiff', aif: 'audio/aiff',
  amr: 'audio/amr', wma: 'audio/x-ms-wma',
};

export type FileCheck = { ok: true; contentType: string } | { ok: false; message: string };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export function checkFile(file: { name: string; size: number; type: string }): FileCheck {
  const declared = file.type.toLowerCase().split(';')[0]!.trim();
  const generic = declared === '' || declared === 'application/octet-stream';
  const contentType = generic ? BY_EXTENSION[extensionOf(file.name)] : declared;
  if (!contentType || !contentType.startsWith('audio/')) {
    const what = contentType ?? (generic ? 'a file of unknown type' : declared);
    return {
      ok: false,
      message: `“${file.name}” is not an audio recording (${contentType ? contentType : what}). Choose an audio file such as MP3, M4A, WAV, OGG or FLAC.`,
    };
  }
  if (file.size === 0) return { ok: false, message: `“${file.name}” is empty.` };
  if (file.size > MAX_UPLOAD_BYTES) {
    return { ok: false, message: `“${file.name}” is ${formatBytes(file.size)}; recordings can be at most ${formatBytes(MAX_UPLOAD_BYTES)}.` };
  }
  return { ok: true, contentType };
}
