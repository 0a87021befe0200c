// The fuses of the shipped Electron binary (issue 18 item 4), flipped by the pinned @electron/fuses
// after electron-builder packs the app and before it signs it, then read back: a fuse that did
// not take fails the build instead of shipping a binary that runs as Node or loads outside the asar.
import path from 'node:path';
import { flipFuses, FuseState, FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';

/** By @electron/fuses' own names. */
export const FUSES = {
  RunAsNode: false, // ELECTRON_RUN_AS_NODE would turn the signed binary into a plain Node
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false, // NODE_OPTIONS=--require … would run code in the main process
  EnableNodeCliInspectArguments: false, // --inspect would open a debugger on the main process
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  GrantFileProtocolExtraPrivileges: false, // the window is app://paddock/, never file://
};

export function fuseConfig({ resetAdHocDarwinSignature = false } = {}) {
  const config = { version: FuseVersion.V1, resetAdHocDarwinSignature };
  for (const [name, enabled] of Object.entries(FUSES)) {
    if (!(name in FuseV1Options)) throw new Error(`@electron/fuses has no fuse named ${name}`);
    config[FuseV1Options[name]] = enabled;
  }
  return config;
}

/** The file that carries the fuse wire, as electron-builder names the packed binary. */
export function electronBinaryIn(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas')
    return path.join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return path.join(appOutDir, packager.executableName);
}

/** The fuses that differ from FUSES in the binary at `binary`, as sentences; empty when all took. */
export async function fuseMismatches(binary) {
  const wire = await getCurrentFuseWire(binary);
  const wrong = [];
  for (const [name, enabled] of Object.entries(FUSES)) {
    const state = wire[FuseV1Options[name]];
    const expected = enabled ? FuseState.ENABLE : FuseState.DISABLE;
    if (state !== expected)
      wrong.push(
        `${name} should be ${enabled ? 'on' : 'off'} but is ${state === undefined ? 'absent' : FuseState[state]}`,
      );
  }
  return wrong;
}

/** electron-builder's afterPack hook. */
export async function flipAndVerifyFuses(context) {
  const binary = electronBinaryIn(context);
  const darwinArm =
    (context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas') &&
    context.arch === ARCH_ARM64;
  await flipFuses(binary, fuseConfig({ resetAdHocDarwinSignature: darwinArm }));
  const wrong = await fuseMismatches(binary);
  if (wrong.length > 0)
    throw new Error(`The packed Electron binary ${binary} does not carry Paddock's fuses: ${wrong.join('; ')}.`);
}

/** builder-util's Arch.arm64. */
const ARCH_ARM64 = 3;
