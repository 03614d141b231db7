/** Which picked files can be uploaded, and how sizes are written. */
import { describe, expect, it } from 'vitest';
import { checkFile, checkUploadInfo, formatBytes, MAX_UPLOAD_BYTES } from '@/lib/upload/file-check';

const MB = 1024 * 1024;

describe('checkFile', () => {
  it.each([
    ['meeting.mp3', 'audio/mpeg', 'audio/mpeg'],
    ['meeting.wav', 'AUDIO/WAV', 'audio/wav'],
    ['meeting.webm', 'audio/webm;codecs=opus', 'audio/webm'],
    ['meeting.ogg', 'audio/ogg; codecs="vorbis"', 'audio/ogg'],
  ])('accepts %s declared as %s', (name, type, contentType) => {
    expect(checkFile({ name, size: 3 * MB, type })).toEqual({ ok: true, contentType });
  });

  it.each([
    ['Weekly sync.m4a', '', 'audio/mp4'],
    ['call.opus', 'application/octet-stream', 'audio/opus'],
    ['CALL.FLAC', '', 'audio/flac'],
    ['voice.memo.amr', 'application/octet-stream', 'audio/amr'],
    ['old.aif', '', 'audio/aiff'],
  ])('takes the type of %s (declared “%s”) from its extension', (name, type, contentType) => {
    expect(checkFile({ name, size: MB, type })).toEqual({ ok: true, contentType });
  });

  it('rejects a file that is not audio, naming the file and its type', () => {
    expect(checkFile({ name: 'notes.pdf', size: MB, type: 'application/pdf' })).toEqual({
      ok: false,
      message: '“notes.pdf” is not an audio recording (application/pdf). Choose an audio file such as MP3, M4A, WAV, OGG or FLAC.',
    });
    expect(checkFile({ name: 'screen.mp4', size: MB, type: 'video/mp4' })).toMatchObject({ ok: false, message: expect.stringContaining('“screen.mp4” is not an audio recording (video/mp4)') });
  });

  it('rejects a file of unknown type, even with an audio-looking declared type missing', () => {
    expect(checkFile({ name: 'recording', size: MB, type: '' })).toEqual({
      ok: false,
      message: '“recording” is not an audio recording (a file of unknown type). Choose an audio file such as MP3, M4A, WAV, OGG or FLAC.',
    });
    expect(checkFile({ name: 'archive.zip', size: MB, type: 'application/octet-stream' })).toMatchObject({ ok: false, message: expect.stringContaining('(a file of unknown type)') });
  });

  it('trusts a declared type over the extension', () => {
    expect(checkFile({ name: 'song.mp3', size: MB, type: 'text/plain' })).toMatchObject({ ok: false, message: expect.stringContaining('(text/plain)') });
  });

  it.each([
    ['meeting.webm', 'video/webm'],
    ['meeting.WEBM', 'video/webm;codecs=opus'],
    ['meeting.webm', ''],
    ['meeting.weba', 'video/webm'],
  ])('takes %s (declared “%s”) as audio/webm, since the picker offers .webm', (name, type) => {
    expect(checkFile({ name, size: MB, type })).toEqual({ ok: true, contentType: 'audio/webm' });
  });

  it.each([
    ['call.ogg', 'application/ogg', 'audio/ogg'],
    ['call.oga', 'application/ogg', 'audio/ogg'],
    ['call.opus', 'application/ogg', 'audio/opus'],
    ['call.ogg', 'video/ogg', 'audio/ogg'],
  ])('takes %s declared as the generic “%s” as %s, since the picker offers it', (name, type, contentType) => {
    expect(checkFile({ name, size: MB, type })).toEqual({ ok: true, contentType });
  });

  it('does not take a generic Ogg of another name as audio', () => {
    expect(checkFile({ name: 'movie.ogv', size: MB, type: 'video/ogg' })).toMatchObject({ ok: false, message: expect.stringContaining('(video/ogg)') });
    expect(checkFile({ name: 'data.ogx', size: MB, type: 'application/ogg' })).toMatchObject({ ok: false });
  });

  it('does not take any other video as audio, whatever its name', () => {
    expect(checkFile({ name: 'screen.mp4', size: MB, type: 'video/webm' })).toMatchObject({ ok: false, message: expect.stringContaining('(video/webm)') });
    expect(checkFile({ name: 'meeting.webm', size: MB, type: 'video/mp4' })).toMatchObject({ ok: false, message: expect.stringContaining('(video/mp4)') });
  });

  it.each([
    ['radio.m3u', 'audio/x-mpegurl'],
    ['radio.m3u', 'audio/mpegurl'],
    ['stream.pls', 'audio/x-scpls'],
    ['list.wax', 'audio/x-ms-wax'],
  ])('refuses the playlist %s (%s)', (name, type) => {
    expect(checkFile({ name, size: 300, type })).toEqual({
      ok: false,
      message: `“${name}” is a playlist (${type}), not a recording. Choose an audio file such as MP3, M4A, WAV, OGG or FLAC.`,
    });
  });

  it('rejects a size that is not a whole number of bytes', () => {
    expect(checkFile({ name: 'odd.mp3', size: 1.5, type: 'audio/mpeg' })).toEqual({ ok: false, message: '“odd.mp3” has no readable size.' });
    expect(checkFile({ name: 'odd.mp3', size: -1, type: 'audio/mpeg' })).toMatchObject({ ok: false });
  });

  it('rejects an empty file', () => {
    expect(checkFile({ name: 'silence.mp3', size: 0, type: 'audio/mpeg' })).toEqual({ ok: false, message: '“silence.mp3” is empty.' });
  });

  it('accepts up to 5 GiB and rejects anything larger', () => {
    expect(MAX_UPLOAD_BYTES).toBe(5 * 1024 ** 3);
    expect(checkFile({ name: 'long.wav', size: MAX_UPLOAD_BYTES, type: 'audio/wav' })).toEqual({ ok: true, contentType: 'audio/wav' });
    expect(checkFile({ name: 'longer.wav', size: MAX_UPLOAD_BYTES + 1, type: 'audio/wav' })).toMatchObject({ ok: false });
    expect(checkFile({ name: 'huge.wav', size: 6 * 1024 ** 3, type: 'audio/wav' })).toEqual({
      ok: false,
      message: '“huge.wav” is 6.0 GB; recordings can be at most 5.0 GB.',
    });
  });
});

describe('checkUploadInfo (the background’s check)', () => {
  it('accepts what the popup would send: a checked audio type for that name, a size in range', () => {
    expect(checkUploadInfo({ name: 'Weekly sync.m4a', size: MB, type: 'audio/mp4' })).toEqual({ ok: true, contentType: 'audio/mp4' });
    expect(checkUploadInfo({ name: 'call.webm', size: MB, type: 'audio/webm' })).toEqual({ ok: true, contentType: 'audio/webm' });
  });

  it.each([
    [{ name: 'notes.pdf', size: MB, type: 'application/pdf' }, 'is not an audio recording'],
    [{ name: 'radio.m3u', size: MB, type: 'audio/x-mpegurl' }, 'is a playlist'],
    [{ name: 'huge.wav', size: MAX_UPLOAD_BYTES + 1, type: 'audio/wav' }, 'recordings can be at most'],
    [{ name: 'call.webm', size: MB, type: 'video/webm' }, 'was described as video/webm, not as the audio type Primer would send (audio/webm)'],
    [{ name: 'call.m4a', size: MB, type: '' }, 'was described as no type'],
  ])('refuses %o', (info, message) => {
    expect(checkUploadInfo(info)).toMatchObject({ ok: false, message: expect.stringContaining(message) });
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [100 * 1024, '100 KB'],
    [40 * MB, '40.0 MB'],
    [250 * MB, '250 MB'],
    [5 * 1024 ** 3, '5.0 GB'],
    [1024 ** 4, '1.0 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
