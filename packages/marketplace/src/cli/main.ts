#!/usr/bin/env node
/** `magekit-marketplace`: run() wired to the process by core's CLI shell (Ctrl-C aborts the running command, exit 130). */
import { runMain } from '@magekit/core/cli';
import { run } from './run.ts';

runMain(run);
