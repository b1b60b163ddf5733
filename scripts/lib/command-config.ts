// The configuration of an operator's command (npm run migrate, keys, ...): the server's own, from the same
// environment, or null after saying what is wrong with it on stderr (the command then exits 1).
import { ConfigError, loadConfig, type Config } from '../../server/config.ts';

export function loadCommandConfig(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      return null;
    }
    throw error;
  }
}
