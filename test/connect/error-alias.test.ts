/** The Connect layer keeps the package's old name for the base error class. */
import { describe, expect, it } from 'vitest';
import { ConnectError, SdkError } from '../../generated/src/index.js';

describe('ConnectError', () => {
  it('is the runtime base error class, so instanceof ConnectError catches every error as before', () => {
    expect(ConnectError).toBe(SdkError);
  });
});
