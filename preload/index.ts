/**
 * The bridge between the isolated renderer and main. It exposes only what the typed IPC contract
 * defines (arriving with the Orders workspace); no raw ipcRenderer ever reaches the page.
 */
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('api', Object.freeze({ contractVersion: 0 }));
