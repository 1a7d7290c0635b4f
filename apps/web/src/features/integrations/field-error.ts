/** Which form field a server error names ("Invalid integration: settings.url must be …"), or null. */
export function fieldOfError(message: string): string | null {
  const match = /(?:^|\s)(name|kind|events|settings\.templates\.[a-z]+\.[a-z]+|settings\.[A-Za-z]+)\b/.exec(
    message,
  );
  return match?.[1] ?? null;
}
