/**
 * Terminal text is plain, but a name from the club service could carry escape sequences that
 * move the cursor or recolour the terminal: strip every control character but newline.
 */
export function escapeTerminal(text: string): string {
  /* eslint-disable no-control-regex -- control characters are exactly what is removed */
  return text
    .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ');
  /* eslint-enable no-control-regex */
}
