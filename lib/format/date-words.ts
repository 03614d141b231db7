/**
 * A word a date may hold: a month, a weekday, a zone, AM/PM, ISO's T. Its own module: the
 * normaliser (background) reads it too, without the formatters and their locale.
 */
export const DATE_WORD = /^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*|t|z|gmt|utc|am|pm)$/i;
