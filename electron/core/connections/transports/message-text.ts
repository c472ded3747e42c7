/**
 * The JSON text of a message, made once. A message read from a stdio line keeps the
 * line it came from, and one about to be sent keeps the text the protocol log made of
 * it, so neither the log nor the transport serializes it again: for a 20 MB result that
 * is 20 MB less memory and one JSON.stringify less; for every small call, one less too.
 * Only text that is exactly the message (as read, or as just serialized) is remembered.
 * A long line read as it streamed (long-line-parser.ts) keeps only its start and size:
 * all the protocol log shows of it.
 */
const longTexts = new WeakMap<object, LongText>();

/**
 * The one message whose text is remembered, until it is read. A text is remembered just
 * before its one reader runs, in the same synchronous step (the reader hands the line's
 * message on to the protocol log; the log hands the text it made on to the transport below),
 * so one slot serves every message without a WeakMap entry per message; a message read
 * after another was remembered is serialized again, which gives the same text.
 */
let slotMessage: object | undefined;
let slotText = '';

export interface LongText {
  /** The start of the message's text. */
  head: string;
  /** The whole text's size in bytes. */
  bytes: number;
}

export function rememberText(message: object, text: string): void {
  slotMessage = message;
  slotText = text;
}

/** A message read from a long line: its text's start and its size. */
export function rememberLongText(message: object, head: string, bytes: number): void {
  longTexts.set(message, { head, bytes });
}

/** The remembered text of the message (forgotten as it is read: nothing keeps a sent or read message alive), or its JSON. */
export function textOf(message: object): string {
  if (message !== slotMessage) return JSON.stringify(message);
  const text = slotText;
  slotMessage = undefined;
  slotText = '';
  return text;
}

/** What the protocol log records of a message: its text, or for a long line read as it streamed, its start and size. */
export function loggedTextOf(message: object): { text: string; long?: LongText } {
  const long = longTexts.get(message);
  return long ? { text: long.head, long } : { text: textOf(message) };
}
