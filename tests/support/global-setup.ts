// Once per test run: the real Firebase Auth emulator (npm test's shared one, else one of its own), and a MongoDB-protocol server when one is available.
// Tests read them through inject('authEmulatorHost') / process.env.MONGODB_URI.
import type { TestProject } from 'vitest/node';
import { testAuthEmulator } from '../../scripts/auth-emulator.ts';
import { startMongoServer } from '../../scripts/lib/mongo-server.ts';
import { freePort } from '../../scripts/lib/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    mongodbUri: string | null;
    mongoSkipReason: string | null;
  }
}

export default async function setup(project: TestProject) {
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const [emulator, mongo] = await Promise.all([
    testAuthEmulator({ port, hubPort, loggingPort }),
    startMongoServer({ provision: false }),
  ]);
  project.provide('authEmulatorHost', emulator.host);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  if ('uri' in mongo) {
    process.env.MONGODB_URI = mongo.uri;
    project.provide('mongodbUri', mongo.uri);
    project.provide('mongoSkipReason', null);
    console.log(`MongoDB suites: running against ${mongo.uri}`);
  } else {
    project.provide('mongodbUri', null);
    project.provide('mongoSkipReason', mongo.skipped);
    console.log(`MongoDB suites: skipped (${mongo.skipped})`);
  }
  return async () => {
    await Promise.all([emulator.stop(), 'uri' in mongo ? mongo.stop() : undefined]);
  };
}
