import type { TestProject } from 'vitest/node';
import { startPreview } from '../support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPreview();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
