/**
 * git in a throwaway repository, as a test makes one: a fixed identity and no signing, so a
 * commit never depends on the machine's git config.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs `git args…` in the folder `cwd()` names when called (a test's repository, set later),
 * with the environment `env()` gives then, if any.
 */
export function gitIn(cwd: () => string, env?: () => NodeJS.ProcessEnv) {
  return (...args: string[]) =>
    run(
      'git',
      [
        '-c',
        'user.name=Test',
        '-c',
        'user.email=test@example.com',
        '-c',
        'commit.gpgsign=false',
        ...args,
      ],
      { cwd: cwd(), ...(env ? { env: env() } : {}) },
    );
}
