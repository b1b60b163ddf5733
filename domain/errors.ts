/** What a failed actor's error says, when it says something a person can read; else the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** The HTTP status an effect's error carries (the API client's ApiError), if any. */
export const errorStatus = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};
