/** Every number of the spec that both sides use, in one place (spec 000 §9, 001 §9, 002 §9). */
export const Limits = {
  nameMaxLength: 50,
  passwordMinLength: 8,
  passwordMaxLength: 16,
  realNameMaxLength: 10,
  avatarMaxBytes: 3 * 1024 * 1024,
  /** Uploaded pictures shown as they are (covers, team avatars): the most pixels decoded, 8192 × 8192. */
  pictureMaxPixels: 8192 * 8192,
  invitationValiditySeconds: 1_209_600,
  teamUserPageSize: 10,
  /** Sign-in lock: this many failures within the window locks sign-in for the lock time. */
  signInMaxFailures: 10,
  signInFailureWindowMs: 10 * 60 * 1000,
  signInLockMs: 10 * 60 * 1000,
  /** Per-IP rate limit on sign-in and registration. */
  signInRateLimitPerMinute: 30,
  forcedLogoutDelayMs: 3000,
  /** The 60001 "changed too frequently" nickname warning stays 5 s (spec 000 §8). */
  nicknameWarningMs: 5000,
  /** Clicks on a project within this time open it once (spec 001 §9). */
  projectOpenDebounceMs: 30,
  anonymousBannerMs: 5000,
  loginRedirectLockMs: 1000,
  toastDefaultMs: 3000,
  toastNormalMs: 4000,
  headerHeight: 54,
  sidebarWidth: 263,
  unlimited: -1,
  defaultTheme: 'rgba(240,242,245,1)',
  msPerDay: 86_400_000,
  roleInfoCacheMs: 86_400_000,
  versionCheckMs: 10 * 60 * 1000,
  /** Session tokens: 32 random bytes (256 bits). */
  tokenBytes: 32,
} as const;

/** The range of a PostgreSQL integer column: an order or order_index outside it is refused (19001). */
export const Int32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * List calls (spec 001 §9): clients ask for 100 a page, or 9999, 999999 and 9999999 to mean "all". Any
 * size is accepted; one answer holds at most the ceiling, and has_next says whether more follow.
 */
export const PageLimits = { sizeCeiling: 1000 } as const;

/** The logout call is PUT account/login with this code (spec 000 §4). */
export const LOGOUT_CODE = '10031';
export const SUCCESS_CODE = '00000';

/** Edition plans (spec 000 §1). */
export const EditionPlan = {
  free: 1,
  oldStartup: 2,
  enterprise: 3,
  local: 4,
  startup: 5,
  flagship: 6,
} as const;

/**
 * What each package level allows (-1 = unlimited). Level 1 is free; 2 and 3 are paid tiers with an expiry
 * (spec 000 §1). The spec does not give the numbers; these are Ferry's plans.
 */
export const PlanLimits: Record<number, { memberMax: number; projectMax: number; imageMax: number }> = {
  1: { memberMax: 10, projectMax: 10, imageMax: 500 },
  2: { memberMax: 50, projectMax: 200, imageMax: 20_000 },
  3: { memberMax: 500, projectMax: -1, imageMax: -1 },
};
export const PAID_LEVELS = [2, 3] as const;
/** A paid team whose plan ends within this many days is shown the expiry notice. */
export const EXPIRY_NOTICE_DAYS = 30;
export const EXPIRY_NOTICE_THROTTLE_MS = 300_000;
/** The web app compares its main script with the deployed one at most this often (spec 000 §4, 002 §4). */
export const FRESHNESS_CHECK_MS = 10 * 60 * 1000;
/** The help menu's contact action runs once, then waits this long before it runs again (spec 002 §4). */
export const CONTACT_THROTTLE_MS = 300_000;
/** The expiry dialog of a paid team's plan shows to its admins at most once a day per team. */
export const EXPIRY_DIALOG_INTERVAL_MS = 86_400_000;
/** The ungrouped pseudo-department (spec 000 §3, 001 §9). */
export const UNGROUPED_DEPARTMENT = { id: 'ungrouped', name: '未分组', order: -999 } as const;
export const DEFAULT_DEPARTMENT_NAME = '新部门';
/** A team nickname can change once per this period (code 60001). */
export const NICKNAME_CHANGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Designs, uploads and the recycle bin (spec 001 §5, §9; spec 002 §9). */
export const DesignLimits = {
  /** One design file: 100 MB. */
  designMaxBytes: 104_857_600,
  /** A project cover: the spec's image-processing size threshold, 20971520 bytes (spec 001 §5, §9). */
  coverMaxBytes: 20_971_520,
  /** Images wider or taller than this are refused before they are decoded. */
  maxSidePx: 16_384,
  /** Above this many designs a project shows the slowness warning. */
  slownessWarningDesigns: 300,
  recycleBinDays: 30,
  /** The web client keeps an upload token this long; the token itself lives longer. */
  uploadTokenCacheMs: 300_000,
  uploadPolicyTtlMs: 1_800_000,
  /** Files in one registration call. */
  batchMax: 500,
  /**
   * A file's name: the last part of an upload key (one name on disk, where 255 is the most) and a design's
   * display name (the registration call's limit). Longer names are refused, as the spec's bookmark upload does.
   */
  fileNameMaxLength: 255,
  cover: { width: 480, height: 360 },
  /** Recent-upload marker: the last 3 hours or the latest 10 designs. */
  recentUploadMs: 3 * 60 * 60 * 1000,
  recentUploadCount: 10,
} as const;

/**
 * The web app's upload calls (token, storage POST, registration). Spec 002 §9's retry decorator: after a
 * failed try, up to three more, waiting 1 s, 2 s, then 3 s. A call that does not answer in time has failed.
 */
export const UploadRetry = {
  waitsMs: [1000, 2000, 3000],
  /** Token and registration calls: the whole answer within this time. */
  callTimeoutMs: 20_000,
  /** The storage POST: a large file takes long, so only this long without any progress counts as stuck. */
  postStallMs: 30_000,
} as const;

/** The variants every raster design gets: the original size, a WebP of it, 5/25/50 percent, the cover. */
export const VARIANT_NAMES = ['org', 'webP', 'p5', 'p25', 'p50', 'cover'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];
export const VARIANT_PERCENT = { p5: 5, p25: 25, p50: 50 } as const;

/** The project stage (spec 001 §4, §6; issue 5). */
export const StageLimits = {
  /** The thumbnail-size slider: scale 1 is a 100 px card, in steps of 0.25 up to 4. */
  thumbnailScaleMin: 1,
  thumbnailScaleMax: 4,
  thumbnailScaleStep: 0.25,
  /** While any design is processing the stage asks for the list again this often. */
  processingPollMs: 2000,
  /** Code 10092: the info toast shows for 3 s, at most once per 600 ms. */
  staleLayoutToastMs: 3000,
  staleLayoutToastIntervalMs: 600,
  /** The stage's reads index.html starts before the app's code are handed over only this soon after. */
  earlyReadMaxAgeMs: 10_000,
} as const;

/** Sections, sets and the stage lock (spec 001 §3, §4, §9). */
export const SectionLimits = {
  /** The ungrouped pseudo-section always comes first. */
  ungroupedOrder: -9999,
  /** A section and its sub-sections: no deeper. */
  depthMax: 2,
  /** The stage lock is a lease the holder renews. */
  lockLeaseMs: 60_000,
  /** A set with fewer members dissolves. */
  setMinMembers: 2,
} as const;

/** The design detail view's zoom (spec 001 §9: scale step 0.25, max zoom 4). */
export const DetailLimits = {
  zoomStep: 0.25,
  zoomMax: 4,
  /** Zooming out by steps stops here; only "fit" goes smaller, for designs larger than the window. */
  zoomMin: 0.25,
} as const;

/** Slice export presets (spec 001 §3, spec 002 §3): the density of each file, relative to @1x. */
export const SLICE_PRESETS = {
  ios: [
    { label: '@1x', scale: 1 },
    { label: '@2x', scale: 2 },
    { label: '@3x', scale: 3 },
  ],
  android: [
    { label: 'mdpi', scale: 1 },
    { label: 'hdpi', scale: 1.5 },
    { label: 'xhdpi', scale: 2 },
    { label: 'xxhdpi', scale: 3 },
    { label: 'xxxhdpi', scale: 4 },
  ],
  web: [
    { label: '@1x', scale: 1 },
    { label: '@2x', scale: 2 },
  ],
} as const;
export type SlicePlatform = keyof typeof SLICE_PRESETS;
export const SLICE_PLATFORMS = Object.keys(SLICE_PRESETS) as SlicePlatform[];
/** The scale a design was drawn at (@1x, @2x, @3x): a @2x design's 200 px are 100 pt. */
export const BASE_SCALES = [1, 2, 3] as const;
export type BaseScale = (typeof BASE_SCALES)[number];

export const InspectLimits = {
  /** Layers asked for in one slice export. */
  sliceLayersMax: 200,
  /** A slice is never rendered larger than this a side. */
  sliceMaxSidePx: 8192,
  /** JPG and WebP slices: small files with no banding visible on flat colours and text. */
  sliceJpegQuality: 90,
  sliceWebpQuality: 90,
  /** Layers an importer keeps; past it the rest are dropped (deepest first) and the doc says so. */
  layersMax: 20_000,
  /**
   * A stored LayerDoc compared with another is read whole into memory (two at once, parsed at a few times their
   * size): past this size it is refused.
   */
  compareLayerDocBytesMax: 16 * 1024 * 1024,
} as const;

/**
 * Sketch files (43 and later: a ZIP of JSON). The ZIP's central directory is checked before anything is
 * inflated; the JSON before it is parsed; the layers while they are converted (layersMax of InspectLimits).
 */
export const SketchLimits = {
  /** Entries in the ZIP. */
  entriesMax: 20_000,
  /** Σ declared unpacked size of every entry, images included. */
  unpackedMaxBytes: 1024 * 1024 * 1024,
  /** Σ declared unpacked size of the JSON read (document, meta, pages): a parsed page takes several times it. */
  jsonMaxBytes: 128 * 1024 * 1024,
  /** Brackets open at once in one JSON file (a layer nests about two deeper than its parent). */
  jsonDepthMax: 300,
  /** Layers inside each other, symbol instances' masters included. */
  layerDepthMax: 100,
  /** Layers converted for one artboard (symbols expanded) before the rest is left out. */
  convertedLayersMax: 40_000,
  /** A position or size past this many pixels is not a design. */
  frameMaxPx: 1_000_000,
  /** A bitmap drawn into an artboard's picture, and all of them together; past either, grey boxes. */
  pictureImageMaxBytes: 20 * 1024 * 1024,
  pictureImagesMaxBytes: 64 * 1024 * 1024,
  /**
   * Characters of path data and text one design's import produces, symbols expanded: a long path in a master
   * used by thousands of instances is copied into each; past this the file is refused.
   */
  producedBytesMax: 64 * 1024 * 1024,
} as const;

/** Prototype hotspots (spec 001 §3, §7). */
export const PrototypeLimits = {
  /** Hotspots one design may hold. */
  hotspotsPerDesign: 500,
  /** Hotspots created or deleted in one call. */
  batchMax: 200,
  /** Links drawn by hand on a project's flow map (those derived from hotspots are not counted). */
  linksPerProject: 2000,
  /** Links created or deleted in one call. */
  linkBatchMax: 200,
  /** Card positions saved in one call. */
  cardsBatchMax: 500,
  /** A card's x and y on the flow map lie within ± this many map units. */
  cardCoordinateMax: 1_000_000,
} as const;

/** Project bookmarks: links and files kept with a project (spec 001 §3, §5, §7, §9). */
export const BookmarkLimits = {
  /** Bookmarks one project may hold. */
  perProject: 200,
  /** Links created in one call. */
  batchMax: 50,
  nameMaxLength: 100,
  urlMaxLength: 2048,
  /** An uploaded file, and its name. */
  fileMaxBytes: 20 * 1024 * 1024,
  fileNameMaxLength: 100,
  /** The list's defaults (spec 001 §9): page 1 of 9999999, i.e. all. */
  pageNo: 1,
  pageSize: 9_999_999,
} as const;

/** Product documents: PDF, Office files and Axure exports of a project (spec 001 §5, §9). */
export const DocumentLimits = {
  /** A resource file (spec 001 §5: "at most 30M"). */
  fileMaxBytes: 30 * 1024 * 1024,
  /** The cap one upload's message names (spec 001 §5: "40MB"). */
  uploadCapBytes: 40 * 1024 * 1024,
  /** Group names, like other names of the spec (§5). */
  groupNameMaxLength: 50,
  groupsPerProject: 100,
  documentsPerProject: 1000,
  nameMaxLength: 100,
  /** Resources inserted or ordered in one call (10198). */
  batchMax: 100,
  /** Pages drawn for one document. */
  maxPages: 2000,
  /** The widths each page is drawn at: the page list's thumbnail and the page view. */
  thumbWidth: 240,
  pageWidth: 1600,
  /** Conversions (LibreOffice, drawing a PDF) are stopped past this. */
  conversionTimeMs: 5 * 60 * 1000,
  /** An Axure ZIP: entries, bytes once unpacked, and the largest unpacked/packed ratio of one entry. */
  archiveMaxEntries: 20_000,
  archiveMaxBytes: 300 * 1024 * 1024,
  archiveMaxRatio: 200,
  /** Search: the longest keyword, and the pages quoted per document. */
  searchKeywordMax: 100,
  searchMatchesPerDocument: 5,
} as const;

export const CommentLimits = {
  contentMax: 2000,
  mentionsMax: 50,
  pageSize: 100,
} as const;

/** Log payload kinds (spec 002 §3). */
export const LOG_MSG_TYPES = ['measurepage_pageview', 'code_copy'] as const;
export type LogMsgType = (typeof LOG_MSG_TYPES)[number];

/** The real-time connection and its notices (spec 002 §4, §9). */
export const RealtimeLimits = {
  /** The socket's heartbeat: a ping every 15 s, answered within 5 s, or the connection is closed. */
  heartbeatMs: 15_000,
  heartbeatTimeoutMs: 5_000,
  /** Reconnecting: up to 5 tries, waiting 5 s, then ×2 each time, at most 15 s. */
  reconnectAttempts: 5,
  reconnectDelayMs: 5_000,
  reconnectDelayMaxMs: 15_000,
  reconnectDecay: 2,
  /** The same message arriving again within 2 s is shown once. */
  duplicateWindowMs: 2_000,
  /** Notification toasts: at most 5 at once, 5 s each, 317 px wide, text at most 490 px. */
  toastMax: 5,
  toastMs: 5_000,
  toastWidth: 317,
  toastTextMaxWidth: 490,
  /** The "network connected" banner shows for 3 s. */
  reconnectedBannerMs: 3_000,
  /** The socket's close code for a missing or invalid session token. */
  closeUnauthorized: 4401,
} as const;

/** Background jobs (variants, layers, clean-ups) and the renderer they draw designs in. */
export const JobLimits = {
  /** A worker writes its heartbeat this often; a job whose worker missed it for `workerGoneMs` is taken again. */
  heartbeatMs: 10_000,
  workerGoneMs: 30_000,
  /** Jobs one server runs at once, by default: half the cores, at least 2 (one slow file never stops all), at most 4. */
  concurrencyMin: 2,
  concurrencyMax: 4,
  /** One design's rendering (decode, SVG filters, PSD composite, every variant) is stopped past this … */
  renderTimeMs: 120_000,
  /** … or when its renderer process grows past this (libvips' memory is native: no heap limit sees it). */
  renderMemoryMb: 2048,
  /**
   * Heap of the thread that reads PSD and Sketch structure: the largest accepted file (a 100 MB PSD, or 128 MB
   * of Sketch JSON parsed at a few times its size) fits with room; past it the thread dies, not the server.
   */
  importHeapMb: 2048,
  /** An SVG is drawn at most this many pixels (4096 × 4096); a larger declared size is drawn at a lower density. */
  vectorMaxPixels: 4096 * 4096,
  /** SVG filters refused before drawing (librsvg's time grows with their number and radii). */
  svgFilterPrimitivesMax: 400,
  /** Σ feMorphology rx+ry, feConvolveMatrix orderX×orderY, feTurbulence 4×numOctaves: the costly primitives. */
  svgFilterCostMax: 64,
  svgBlurDeviationMax: 100,
} as const;

/** Share links and their anonymous visitors (spec 002 §4, §9). */
export const ShareLimits = {
  /** Expiry choices in days; 0 is never. Quick share and links made without a choice last 14 days (spec 002 §9). */
  expiryDays: [0, 1, 7, 14, 30] as const,
  defaultExpiryDays: 14,
  /** The short id in the URL (base62) and the secret after it: 22 base62 characters ≥ 128 random bits. */
  shortIdLength: 10,
  secretLength: 22,
  /** A visitor token: 32 random bytes, valid this long but never past the link's expiry. */
  visitorTokenBytes: 32,
  visitorTokenMs: 24 * 60 * 60 * 1000,
  /** Wrong passwords: per link and per IP within the window, then refused until the lock has run out. */
  passwordMaxFailures: 5,
  passwordMaxFailuresPerIp: 20,
  passwordFailureWindowMs: 10 * 60 * 1000,
  passwordLockMs: 10 * 60 * 1000,
  linkNameMaxLength: 50,
  passwordMinLength: 4,
  passwordMaxLength: 32,
  /** Designs or sections one link names. */
  scopeIdsMax: 500,
  sendLinkEmailsMax: 20,
  sendLinkMessageMaxLength: 500,
  opensPageSize: 50,
  /** A visitor's comments: the name they sign with, and how many one link takes an hour (anonymous writes). */
  guestNameMaxLength: 40,
  guestCommentsPerHour: 60,
  guestCommentWindowMs: 60 * 60 * 1000,
} as const;

/** Global search (spec 001 §7 "Search", §9). */
export const SearchLimits = {
  /** `global/search` answers 10 a page unless asked otherwise (spec 001 §9). */
  pageSize: 10,
  pageSizeMax: 50,
  /** Deep pages cost a scan each; past this the answer says has_next false. */
  pageMax: 50,
  keywordMaxLength: 100,
  /** The header box asks after the typing pauses this long. */
  typingDebounceMs: 200,
  /** A design's text layers kept for search, joined: past this the rest is left out. */
  textPerDesignMax: 20_000,
  /** Matches of one kind ranked per search (designs by name, by text, comments): the newest ones. */
  candidatesPerKind: 500,
  /** Characters of context either side of a match in a snippet. */
  snippetSide: 30,
} as const;

/** The design system (spec 001 §7 "Design system"): dsm projects' folders, files and design tokens. */
export const DsmLimits = {
  nameMaxLength: 100,
  descriptionMaxLength: 1000,
  /** A markdown page of the library. */
  docMaxLength: 100_000,
  /** Folders nest this deep under the library's top. */
  folderDepthMax: 5,
  foldersPerProject: 500,
  filesPerProject: 5_000,
  tokensPerProject: 2_000,
  /** One batch call (create, delete, accept proposals). */
  batchMax: 500,
  /** A token's name: group segments joined by `/`. */
  tokenSegmentsMax: 8,
  tokenSegmentMaxLength: 64,
  /** The DTCG file given to import, in characters. */
  importMaxChars: 2_000_000,
  /** Designs whose LayerDocs one extraction reads (the newest first). */
  extractDesignsMax: 500,
  extractProjectsMax: 20,
  /** Proposals answered per kind, the most used first. */
  extractProposalsMax: 60,
  /** Colours closer than this CIEDE2000 distance are one proposal. */
  colorMergeDeltaE: 2,
  /** Dsm projects one project links for its inspect view. */
  linksPerProject: 10,
  /** A component's pictures: these scales of the layer, plus SVG for vector layers. */
  componentScales: [1, 2, 4] as const,
} as const;

/** Design QA, the walkthrough (spec 001 §1, §4, §7 "Walkthrough"): screenshots of the built product against designs. */
export const WalkthroughLimits = {
  /** Pages (a design each) one project's task holds, and designs added in one call. */
  pagesPerProject: 1000,
  pagesBatchMax: 50,
  /** Screenshots one page keeps. */
  screenshotsPerPage: 20,
  /** A screenshot's file and pixels. */
  screenshotMaxBytes: 20 * 1024 * 1024,
  screenshotMaxPixels: 50_000_000,
  /** Issues one page holds. */
  issuesPerPage: 500,
  descriptionMaxLength: 2000,
  /** The task's page list: 20 a page unless asked otherwise. */
  pageSize: 20,
  /** A screenshot is drawn at 1/scale over the design: its device pixel ratio, within these bounds. */
  scaleMin: 0.25,
  scaleMax: 8,
  /** The screenshot's offset over the design, in design pixels, either way. */
  offsetMax: 4096,
  /** Auto-align tries every offset within this many design pixels of the start, either way. */
  alignSearchPx: 24,
  /**
   * A screenshot resized to the design (any device pixel ratio but 1) has its edges a fraction of a pixel off;
   * both pictures are blurred this much (Gaussian sigma, design pixels) before comparing, so that resampling
   * is not proposed as a difference (an unchanged @2.625x screenshot proposed three boxes without it).
   */
  resampledBlurSigma: 0.8,
  /** pixelmatch's colour threshold (0 to 1): smaller is stricter; 0.1 is its default. */
  pixelThreshold: 0.1,
  /** Differing pixels closer than this (design pixels) fall into one box. */
  clusterGapPx: 8,
  /** A box needs this many differing pixels to be proposed: smaller ones are resampling noise. */
  minDifferingPixels: 24,
  /** Boxes proposed per screenshot, the largest first. */
  candidatesMax: 30,
  /** A proposal overlapping a dismissed region by this share of its area is not proposed again. */
  dismissedOverlap: 0.5,
} as const;

/** Recovering and proving an account: e-mailed codes, reset links, proofs of a scene, closing (spec 000 §7, §8). */
export const RecoveryLimits = {
  /** A code mailed to the user: this many digits, valid this long, this many wrong tries before it is spent. */
  codeDigits: 6,
  codeValidityMs: 10 * 60 * 1000,
  codeMaxTries: 5,
  /** A new code for the same address and purpose at most this often. */
  codeResendMs: 60 * 1000,
  /** A password-reset link (a 256-bit token in the mail) stays valid this long. */
  resetLinkValidityMs: 30 * 60 * 1000,
  /** What a verified password or code proves (`scene_code`), usable once within this time. */
  sceneProofValidityMs: 10 * 60 * 1000,
  /** A closed account's personal data is erased after this grace period. */
  closedAccountGraceDays: 30,
  /** Allowed e-mail suffixes a team may list, and the length of one. */
  emailSuffixesMax: 20,
  emailSuffixMaxLength: 100,
  /** The free-text reason given when closing an account. */
  logoffReasonMaxLength: 500,
} as const;

/** Personal access tokens and plugin sign-in by device code (spec 000 §2 plugBindAccount, §7). */
export const AccessTokenLimits = {
  /** Tokens a user may hold at once (revoked and expired ones do not count). */
  perUser: 50,
  nameMaxLength: 50,
  /** A token's secret: 256 random bits after its `ferry_pat_` prefix. */
  secretBytes: 32,
  /** The longest expiry one may choose, in days; a token may also never expire. */
  maxExpiryDays: 366,
  /** last_used_at is written at most this often per token, so reads stay cheap. */
  lastUsedWriteMs: 60 * 1000,
  /** A device code (the plugin's secret while it polls): 256 random bits. */
  deviceCodeBytes: 32,
  /** The code the user compares in the browser: this many characters of an unambiguous alphabet. */
  userCodeLength: 8,
  deviceCodeValidityMs: 10 * 60 * 1000,
  /** The plugin polls at most every this many seconds; polling faster adds slowDownStepSeconds. */
  pollIntervalSeconds: 5,
  slowDownStepSeconds: 5,
  /** Wrong user codes per user, counted like sign-in tries. */
  userCodeMaxTries: 10,
  userCodeWindowMs: 10 * 60 * 1000,
  userCodeLockMs: 10 * 60 * 1000,
  pluginTypeMaxLength: 40,
  pluginUuidMaxLength: 100,
} as const;

/** Chat-app sign-in and binding (spec 000 §4, §9). */
export const ChatLimits = {
  /** A QR (and the state behind it) is valid this long. */
  qrValidityMs: 120_000,
  /** The browser asks for the scan's outcome this often. */
  pollMs: 500,
  /** Clicks on the expired QR, or on rebind, within this time refresh once. */
  refreshDebounceMs: 1000,
  /** A scan that found no linked account may be bound with a password for this long. */
  bindWindowMs: 10 * 60 * 1000,
  /** State and ticket values: 32 random bytes (256 bits). */
  secretBytes: 32,
  /** The provider's answer is waited for at most this long. */
  providerTimeoutMs: 10_000,
  /** Finished or expired sign-in states are deleted after this long. */
  stateRetentionMs: 24 * 60 * 60 * 1000,
  /** A design platform redeems the code of a binding or verification within this time. */
  platformCodeMs: 5 * 60 * 1000,
} as const;

/** Enterprise single sign-on (OpenID Connect). */
export const SsoLimits = {
  /** A started sign-in (its state) may come back from the provider within this time, once. */
  stateValidityMs: 10 * 60 * 1000,
  /** The one-time id that hands the session to the /sso page is redeemable this long. */
  connectionValidityMs: 2 * 60 * 1000,
  /** State, nonce, PKCE verifier and connection ids: 32 random bytes (256 bits). */
  secretBytes: 32,
  /** Discovery and the code exchange wait for the provider at most this long. */
  providerTimeoutMs: 10_000,
  /** A provider's discovery document is reused for sign-ins this long. */
  discoveryCacheMs: 5 * 60 * 1000,
  issuerMaxLength: 500,
  clientIdMaxLength: 200,
  clientSecretMaxLength: 500,
  slugMinLength: 2,
  slugMaxLength: 40,
  allowedDomainsMax: 50,
  domainMaxLength: 253,
  /** Used and expired sign-in states and hand-overs are deleted after this long. */
  retentionMs: 24 * 60 * 60 * 1000,
  /** How soon an instance sees that a team another instance saved now requires its sign-on. */
  requirementWatchMs: 10_000,
} as const;

/** The maintenance banner (spec 002 §2, §9): set by an operator, shown at the top of every page. */
export const MaintenanceLimits = {
  /** The banner's height; closing it moves it up by as much. */
  bannerHeightPx: 55,
  messageMaxLength: 200,
  /** Servers read the stored notice this often, so one set from another process reaches their sockets. */
  serverPollMs: 5_000,
  /** Pages with no socket (sign-in, share pages) read the public configuration this often. */
  pagePollMs: 15_000,
} as const;

/** The satisfaction survey (spec 002 §9): a score 0–10 and a comment of at most 500 characters, once per user. */
export const NpsLimits = { scoreMin: 0, scoreMax: 10, commentMaxLength: 500 } as const;

/** Timing analytics (spec 000 §9): each bucket's upper bound in whole seconds; the last one has none (61+). */
export const TIMING_BUCKETS = [
  { label: '1', max: 1 },
  { label: '2-3', max: 3 },
  { label: '4-5', max: 5 },
  { label: '6-7', max: 7 },
  { label: '8-10', max: 10 },
  { label: '11-15', max: 15 },
  { label: '16-20', max: 20 },
  { label: '21-25', max: 25 },
  { label: '26-30', max: 30 },
  { label: '31-40', max: 40 },
  { label: '41-50', max: 50 },
  { label: '51-60', max: 60 },
  { label: '61+', max: Number.POSITIVE_INFINITY },
] as const;

/** The timings the web app reports (`POST account/timing`); others are refused (19241). */
export const TIMING_METRICS = ['first_screen', 'design_open', 'upload_done', 'inspect_ready'] as const;

/** The timing bucket of a duration: up to 1 s is "1", 1.2 s is "2-3" (rounded up to whole seconds). */
export function timingBucket(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const last = TIMING_BUCKETS[TIMING_BUCKETS.length - 1];
  return (TIMING_BUCKETS.find((bucket) => whole <= bucket.max) ?? last).label;
}

/** Preferences that follow the user, and the browser's storage (spec 002 §9, "Local storage and caching"). */
export const PreferenceLimits = {
  /** Wheel zoom speed: the default, and the legacy default that is read as the default (700 then forced to 500). */
  zoomSpeedDefault: 500,
  zoomSpeedLegacy: 700,
  zoomSpeedMin: 100,
  zoomSpeedMax: 2000,
  /** Changes made within this time are saved in one call. */
  saveBatchMs: 50,
  /** The browser's local storage quota the app plans for (about 4.98 MB). */
  localStorageBytes: 4.98 * 1024 * 1024,
} as const;
