/**
 * The preload script (sandboxed, built as CommonJS): puts the contract's api on window.api through
 * contextBridge, which copies it into the page's isolated world. Nothing else crosses, and no raw
 * ipcRenderer ever reaches the page.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { channelsFromArgv } from '../main/ipc/channels.js';
import { createBridgeApi } from './api.js';

contextBridge.exposeInMainWorld('api', createBridgeApi(ipcRenderer, channelsFromArgv(process.argv)));
