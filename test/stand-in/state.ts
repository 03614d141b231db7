/** The stand-in's mutable data: contacts, their insights, recordings and their upload tickets. */
import { sampleState } from './sample-data.ts';
import type { Contact, ContactInsights, SampleRecording } from './sample-data.ts';

/** What the presigned URL of a recording was issued for. */
export interface UploadTicket {
  token: string;
  /** unix ms */
  expires: number;
  contentType: string;
}

export interface StoredRecording extends SampleRecording {
  upload?: UploadTicket;
  fileSize?: number | null;
  speakersExpected?: number | null;
}

export class ServerState {
  contacts: Contact[] = [];
  contactById = new Map<string, Contact>();
  insights = new Map<string, ContactInsights>();
  /** insertion order = creation order */
  recordings = new Map<string, StoredRecording>();

  constructor() {
    this.load();
  }

  load(): void {
    const sample = sampleState();
    this.contacts = sample.contacts;
    this.contactById = new Map(sample.contacts.map((c) => [c.id, c]));
    this.insights = new Map(Object.entries(sample.insights));
    this.recordings = new Map(sample.recordings.map((r) => [r.id, r]));
  }
}
