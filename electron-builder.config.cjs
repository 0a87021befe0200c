// Packaging (issue 18 item 4): `npm run dist` builds a Linux AppImage and deb, or a macOS dmg and
// zip, for the machine's own platform and architecture. The app is an asar of the built code and
// its production dependencies only; the fuses are flipped and verified by scripts/fuses.mjs.
/** @type {import('app-builder-lib').Configuration} */
module.exports = {
  appId: 'dev.paddock.app',
  productName: 'Paddock',
  copyright: 'Copyright © Paddock contributors',
  directories: { output: 'release', buildResources: 'resources' },
  // Only what the app runs: the built main, preload and renderer, and package.json. electron-builder
  // adds the production dependencies (never devDependencies: no tsx, no test tools, no Electron itself).
  files: [
    'out/main/**/*',
    'out/preload/**/*',
    'out/renderer/**/*',
    'package.json',
    '!**/*.map',
    '!**/node_modules/**/*.{md,ts,map}',
    '!**/node_modules/better-sqlite3/{deps,src}/**',
    '!**/node_modules/node-pty/{deps,src,third_party}/**',
  ],
  asar: true,
  // Native modules load from outside the archive; node-pty also runs its spawn-helper from there.
  asarUnpack: [
    '**/node_modules/better-sqlite3/build/Release/*.node',
    '**/node_modules/node-pty/build/Release/**',
    '**/node_modules/node-pty/prebuilds/**',
  ],
  // `npm run dist` puts the Electron build of the natives in place first (scripts/natives.mjs), so
  // electron-builder does not rebuild them in node_modules behind the tests' back.
  npmRebuild: false,
  afterPack: async (context) => (await import('./scripts/fuses.mjs')).flipAndVerifyFuses(context),
  icon: 'resources/icon.png',
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Development',
    maintainer: 'Paddock contributors <paddock@paddock.invalid>',
    synopsis: 'A coding agent inside the one directory you grant it',
  },
  deb: { depends: ['libnss3', 'libgtk-3-0', 'libxss1', 'libasound2 | libasound2t64'] },
  mac: {
    target: ['dmg', 'zip'],
    category: 'public.app-category.developer-tools',
  },
};
