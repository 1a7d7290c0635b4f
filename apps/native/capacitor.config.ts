// Read by the Capacitor CLI (`cap sync`, `cap open`): the station's apps, from its station file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stationFileSchema } from '@onair/core';
import { nativeAppConfig } from './src/native-config.ts';

const stationPath = resolve(process.env['STATION_CONFIG'] ?? resolve(__dirname, '../../station.config.json'));
const parsed = stationFileSchema.safeParse(JSON.parse(readFileSync(stationPath, 'utf8')));
if (!parsed.success) throw new Error(`Invalid station config ${stationPath}: ${parsed.error.message}`);

export default nativeAppConfig(parsed.data, { ONAIR_APP_URL: process.env['ONAIR_APP_URL'] });
