// The whole package: ConnectClient with every operation, every guard, enum and error class.
export * from '../../generated/src/index.js';
