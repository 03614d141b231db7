/** Everything the stand-in offers, for tests and the demo. */
export { createStandIn } from './server.ts';
export type { RequestLogEntry, StandIn, StandInOptions } from './server.ts';
export { DIALECT_VALUES, isPresetName, PRESET_NAMES, PRESETS, resolveDialect, STANDARD_DIALECT } from './dialect.ts';
export type { Dialect, PresetName } from './dialect.ts';
export type { Fault } from './faults.ts';
export { signPayload, WEBHOOK_EVENTS } from './webhooks.ts';
export type { EmittedEvent, WebhookDelivery, WebhookEvent } from './webhooks.ts';
export * from './sample-data.ts';
