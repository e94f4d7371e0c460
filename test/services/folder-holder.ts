// A process that opens the app's core on a data folder and holds it until it is told to stop or killed.
import { AppCore } from '../../main/services/appCore.js';

const core = await AppCore.open({ dataFolder: process.env.DATA_FOLDER!, osUser: 'first', entry: 'the folder-lock test' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void core.close().then(() => process.exit(0)));
setInterval(() => {}, 60_000);
