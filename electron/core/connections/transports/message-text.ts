/**
 * The JSON text of a message, made once. A message read from a stdio line keeps the
 * line it came from, and one about to be sent keeps the text the protocol log made of
 * it, so neither the log nor the transport serializes it again: for a 20 MB result that
 * is 20 MB less memory and one JSON.stringify less; for every small call, one less too.
 * Only text that is exactly the message (as read, or as just serialized) is remembered.
 */
const texts = new WeakMap<object, string>();

export function rememberText(message: object, text: string): void {
  texts.set(message, text);
}

/** The remembered text of the message, or its JSON. */
export function textOf(message: object): string {
  return texts.get(message) ?? JSON.stringify(message);
}
