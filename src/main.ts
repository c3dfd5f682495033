/** The process entry (bin/docrows.js loads its build): the command line lives in src/cli/. */
import { runCli } from './cli/program.js';

runCli(process.argv);
