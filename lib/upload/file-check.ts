/**
 * Whether a picked file can be uploaded, checked before anything is sent: an audio media type
 * (taken from the name when the browser gives none, as it often does for .m4a or .opus) and a
 * size the service accepts. The popup checks the file the user picked; the background checks
 * again what it is asked to upload, since a message can say anything.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 ** 3;

const BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg', m4a: 'audio/mp4', mp4a: 'audio/mp4', aac: 'audio/aac', wav: 'audio/wav', wave: 'audio/wav',
  ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/opus', weba: 'audio/webm', webm: 'audio/webm', flac: 'audio/flac',
  aiff: 'audio/aiff', aif: 'audio/aiff', amr: 'audio/amr', wma: 'audio/x-ms-wma',
};

/**
 * Audio containers some systems name by their generic type: browsers call every .webm `video/webm`,
 * though recorders (a browser's own MediaRecorder among them) write audio-only WebM with that
 * extension, and an .ogg or .opus may come as `application/ogg` (its registered generic type). The
 * picker offers these extensions, so they are taken as audio, by their extension's audio type.
 */
const AS_AUDIO: Record<string, RegExp> = { 'video/webm': /^web[ma]$/, 'application/ogg': /^(ogg|oga|opus)$/, 'video/ogg': /^(ogg|oga|opus)$/ };

/** Lists of addresses to stream, not recordings, though their types start with `audio/`. */
const PLAYLISTS = new Set(['audio/mpegurl', 'audio/x-mpegurl', 'audio/scpls', 'audio/x-scpls', 'audio/x-ms-wax', 'audio/x-ms-asx']);

export type FileCheck = { ok: true; contentType: string } | { ok: false; message: string };

export interface FileInfo {
  name: string;
  size: number;
  type: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  // Compared as it will be written: 1023.96 KB is "1.0 MB", not "1024 KB"; 99.96 is "100", not "100.0".
  while (Math.round(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 99.95 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** The media type the upload will declare (presigned-url and PUT alike), or undefined when none fits. */
function contentTypeOf(file: FileInfo): { declared: string; contentType: string | undefined } {
  const declared = file.type.toLowerCase().split(';')[0]!.trim();
  const extension = extensionOf(file.name);
  if (declared === '' || declared === 'application/octet-stream') return { declared, contentType: BY_EXTENSION[extension] };
  if (AS_AUDIO[declared]?.test(extension)) return { declared, contentType: BY_EXTENSION[extension] };
  return { declared, contentType: declared };
}

export function checkFile(file: FileInfo): FileCheck {
  const { declared, contentType } = contentTypeOf(file);
  const advice = 'Choose an audio file such as MP3, M4A, WAV, OGG or FLAC.';
  if (contentType && PLAYLISTS.has(contentType)) {
    return { ok: false, message: `“${file.name}” is a playlist (${contentType}), not a recording. ${advice}` };
  }
  if (!contentType || !contentType.startsWith('audio/')) {
    const what = contentType ?? (declared === '' || declared === 'application/octet-stream' ? 'a file of unknown type' : declared);
    return { ok: false, message: `“${file.name}” is not an audio recording (${what}). ${advice}` };
  }
  if (file.size === 0) return { ok: false, message: `“${file.name}” is empty.` };
  if (!Number.isSafeInteger(file.size) || file.size < 0) return { ok: false, message: `“${file.name}” has no readable size.` };
  if (file.size > MAX_UPLOAD_BYTES) {
    return { ok: false, message: `“${file.name}” is ${formatBytes(file.size)}; recordings can be at most ${formatBytes(MAX_UPLOAD_BYTES)}.` };
  }
  return { ok: true, contentType };
}

/**
 * The background's check of an upload it is asked to start: `info.type` must already be the
 * media type checkFile chose for that name, so the presigned-url request and the PUT agree.
 */
export function checkUploadInfo(info: FileInfo): FileCheck {
  const check = checkFile(info);
  if (!check.ok) return check;
  if (check.contentType !== info.type) {
    return { ok: false, message: `“${info.name}” was described as ${info.type || 'no type'}, not as the audio type Primer would send (${check.contentType}).` };
  }
  return check;
}
