/**
 * The error catalogue: every code the API answers, with its HTTP status and both wordings.
 * Codes named by the spec keep their number; codes the spec describes only by wording live
 * in the 19xxx range, which the spec never uses. The HTTP-level refusals of spec 000 §8
 * (401, 418, 419, 420) carry their status in the code's first three digits.
 */
export interface CodeEntry {
  code: string;
  httpStatus: number;
  zh: string;
  en: string;
}

const entry = (code: string, httpStatus: number, zh: string, en: string): CodeEntry => ({
  code,
  httpStatus,
  zh,
  en,
});

export const Codes = {
  OK: entry('00000', 200, '成功', 'success'),
  SYSTEM_BUSY: entry('-11111', 500, '系统繁忙，请稍后再试', 'System busy, please try again later'),

  // Accounts and sign-in (spec 000 §8)
  USER_NOT_FOUND: entry('10001', 200, '用户不存在', 'User does not exist'),
  WRONG_PASSWORD: entry('10002', 200, '邮箱或密码错误', 'Wrong e-mail or password'),
  NOT_ACTIVATED: entry('10004', 200, '账号未激活', 'Account not activated'),
  TEAM_NOT_FOUND: entry('10006', 200, '团队不存在', 'Team not exist'),
  DEPARTMENT_NOT_FOUND: entry('10073', 200, '部门不存在', 'Department not found'),
  DEPARTMENT_NAME_EXISTS: entry('10074', 200, '部门名称已存在', 'Department name already exists'),
  PERMISSION_STALE: entry(
    '10075',
    200,
    '权限不足，请刷新后重试',
    'Insufficient permission, please refresh and retry',
  ),
  NICKNAME_TOO_FREQUENT: entry(
    '60001',
    200,
    '修改过于频率，请 24 小时后再尝试',
    'Changed too frequently, please try again after 24 hours',
  ),

  // Projects and designs (spec 001 §8)
  DSM_PROJECT_NOT_FOUND: entry('10007', 200, '设计系统项目不存在', 'Design-system project not found'),
  IMAGE_TYPE_ERROR: entry('10009', 200, '图片类型错误', 'Image type error'),
  PROJECT_GROUP_EXISTS: entry('10062', 200, '同名分组已存在', 'A group with this name already exists'),
  DSM_FOLDER_NOT_FOUND: entry('10071', 200, '设计系统文件夹不存在', 'Design-system folder not found'),
  DSM_FILE_NOT_FOUND: entry('10077', 200, '设计系统文件不存在', 'Design-system file not found'),
  IMAGE_DELETED: entry('10083', 200, '图片已被删除', 'The image has been deleted'),
  STAGE_LOCKED: entry(
    '10092',
    200,
    '操作失败，请刷新页面后重试',
    'Operation failed, please refresh the page and retry',
  ),
  IMAGE_FORMAT_UNSUPPORTED: entry('10114', 200, '图片格式不支持', 'Unsupported image format'),
  IMAGE_FORMAT_INVALID: entry('10119', 200, '图片格式错误', 'Invalid image format'),
  PRODUCT_GROUP_NAME_EMPTY: entry('10193', 200, '分组名称不能为空', 'Group name cannot be empty'),
  PRODUCT_GROUP_NAME_TOO_LONG: entry('10194', 200, '分组名称过长', 'Group name is too long'),
  PRODUCT_GROUP_NAME_EXISTS: entry('10195', 200, '分组名称已存在', 'Group name already exists'),
  TEAM_CANNOT_ADD_GROUPS: entry('10196', 200, '该团队无法添加分组', 'This team cannot add groups'),
  RESOURCE_TYPE_ERROR: entry('10197', 200, '资源类型错误', 'Unsupported resource type'),
  BATCH_TOO_LARGE: entry('10198', 200, '单次操作的数量过多', 'Too many items in one batch'),
  IMAGE_LIMIT_REACHED: entry(
    '11023',
    200,
    '免费团队设计图数量已达上限，请升级',
    'The free team design limit is reached, please upgrade',
  ),
  IMAGE_TYPE_MISMATCH: entry('11056', 200, '图片类型错误', 'Image type error'),

  // Licences (spec 000 §8)
  LICENSE_INVALID: entry('70007', 200, '许可证无效', 'Licence invalid'),
  LICENSE_INVALID_2: entry('70008', 200, '许可证无效', 'Licence invalid'),
  TRIAL_EXPIRED: entry('70009', 200, '试用已过期', 'Trial expired'),
  ENTERPRISE_EXPIRED: entry('70010', 200, '企业版已过期', 'Enterprise licence expired'),
  ACCOUNT_CANCELLED: entry('39998', 200, '账号已注销', 'User account cancelled'),
  /** Spec 000 §8: the client goes to the account info page. */
  ACCOUNT_INFO_REQUIRED: entry(
    '39995',
    200,
    '请先完善账号信息',
    'Please complete your account information first',
  ),
  SSO_NOT_LOGGED_IN: entry(
    '39996',
    200,
    '单点登录未登录，请重新登录',
    'Not signed in through single sign-on, please sign in again',
  ),
  /** Spec 000 §8 gives 39999 and 60006 dedicated client handlers without their details; the wording is Ferry's. */
  ACCOUNT_STATE_INVALID: entry(
    '39999',
    200,
    '账号状态异常，请联系管理员',
    'The account is in an invalid state, please contact the administrator',
  ),
  OPERATION_RESTRICTED: entry(
    '60006',
    200,
    '当前操作受限，请稍后再试',
    'This operation is restricted for now, please try again later',
  ),

  // Wordings the spec gives without a code
  INVALID_INPUT: entry('19001', 200, '参数错误', 'Invalid input'),
  ACCOUNT_REGISTERED: entry('19002', 200, '账号已注册', 'Account already registered'),
  PASSWORD_LOCKED: entry(
    '19003',
    200,
    '密码错误次数过多，请稍后再试或使用忘记密码',
    'Too many password errors, try again later or use forgot password',
  ),
  ACCOUNT_DISABLED: entry(
    '19004',
    200,
    '您的账号已被禁用，请联系系统管理员',
    'Your account has been disabled, contact the system administrator',
  ),
  NO_PERMISSION: entry(
    '19005',
    200,
    '您没有此权限，请联系团队所有者',
    "You don't have this permission, please contact your team owner",
  ),
  ADMIN_ONLY: entry('19006', 200, '仅管理员及以上可操作', 'Only administrators or above may do this'),
  NOT_FOUND: entry('19007', 200, '资源不存在', 'Not found'),
  PASSWORD_NOT_ENCRYPTED: entry(
    '19008',
    200,
    '密码须加密后传输，请刷新页面后重试',
    'The password must be sent encrypted, please refresh the page and retry',
  ),
  RATE_LIMITED: entry('19009', 429, '请求过于频繁，请稍后再试', 'Too many requests, please try again later'),
  NOT_IN_TEAM: entry('19010', 200, '你已不在该团队，请刷新', 'You are no longer in this team, refresh'),
  // Recovery, verification and closing (spec 000 §8 "other texts"; the codes are Ferry's)
  ACCOUNT_NOT_REGISTERED: entry('19131', 200, '该账号未注册', 'This account is not registered'),
  RESET_TOKEN_EXPIRED: entry(
    '19132',
    200,
    '链接已过期，请重新发送重置邮件',
    'The token has expired, please send the reset mail again',
  ),
  RESET_LINK_USED: entry(
    '19133',
    200,
    '链接已失效或密码已重置',
    'The link has expired or the password has already been reset',
  ),
  VERIFICATION_CODE_WRONG: entry('19134', 200, '验证码错误', 'The verification code is wrong'),
  VERIFICATION_CODE_EXPIRED: entry(
    '19135',
    200,
    '验证码已失效，请重新获取',
    'The verification code is no longer valid, please request a new one',
  ),
  CODE_SENT_TOO_OFTEN: entry(
    '19136',
    200,
    '验证码发送过于频繁，请稍后再试',
    'A code was sent a moment ago, please wait before asking for another',
  ),
  SCENE_NOT_VERIFIED: entry(
    '19137',
    200,
    '身份验证已失效，请重新验证',
    'Your identity check has expired, please verify again',
  ),
  EMAIL_SUFFIX_NOT_ALLOWED: entry(
    '19138',
    200,
    '该邮箱后缀不被允许',
    'E-mail addresses with this suffix are not allowed here',
  ),
  LOGOFF_TRANSFER_FIRST: entry(
    '19139',
    200,
    '你是团队的超级管理员且团队仍有其他成员，请先转让团队',
    'You are the super administrator of a team that still has other members: transfer the team first',
  ),
  EMAIL_UNCHANGED: entry(
    '19140',
    200,
    '新邮箱与当前邮箱相同',
    'The new e-mail is the same as the current one',
  ),
  OLD_PASSWORD_WRONG: entry('19011', 200, '原密码错误', 'The current password is wrong'),
  PASSWORD_MISMATCH: entry('19012', 200, '两次输入的密码不一致', 'The two passwords do not match'),
  REMOVED_FROM_TEAM: entry('19013', 200, '你已被移出团队', 'You were removed from the team'),
  TEAM_DISSOLVED: entry('19014', 200, '团队已解散', 'The team has been dissolved'),
  INVITE_EXPIRED: entry('19015', 200, '链接已过期或已被重置', 'The link has expired or was reset'),
  INVITE_INVALID: entry('19016', 200, '邀请链接无效', 'The invitation link is invalid'),
  TEAM_MEMBER_LIMIT: entry('19017', 200, '团队成员数已达上限', 'The team member limit is reached'),
  EMAIL_IN_TEAM: entry('19018', 200, '该邮箱已在团队中', 'This e-mail is already in the team'),
  SUPERADMIN_CANNOT_EXIT: entry(
    '19019',
    200,
    '你已经是团队超级管理员，无法直接退出，请先转让团队',
    'You are the team super administrator and cannot simply leave: transfer the team first',
  ),
  TEAM_NAME_MISMATCH: entry('19020', 200, '团队名称不正确', 'The team name does not match'),
  PAID_TEAM_CANNOT_DISSOLVE: entry(
    '19021',
    200,
    '付费团队不能直接解散',
    'A paid team cannot be dissolved directly',
  ),
  ENTERPRISE_CANNOT_MERGE: entry('19022', 200, '企业团队不能合并', 'Enterprise teams cannot be merged'),
  MERGE_EXCEEDS_LIMITS: entry('19023', 200, '转让或合并超出限制', 'The transfer or merge exceeds the limits'),
  APPLY_ALREADY_HANDLED: entry('19024', 200, '该申请已处理', 'This application has already been handled'),
  ALREADY_IN_TEAM: entry('19025', 200, '你已在该团队中', 'You are already in this team'),
  AVATAR_INVALID: entry(
    '19026',
    200,
    '头像仅支持 JPG、PNG 格式，且不超过 3M',
    'The avatar must be a JPG or PNG image of at most 3M',
  ),
  PROJECT_COUNT_FULL: entry(
    '19027',
    200,
    '项目数量已满，请升级',
    'The project count is full, please upgrade',
  ),
  PROJECT_NOT_FOUND: entry('19029', 200, '项目不存在', 'Project does not exist!'),
  FOLDER_NOT_FOUND: entry(
    '19030',
    200,
    '文件夹不存在或已被删除',
    'The folder was not found or has been deleted',
  ),
  PROJECT_NAME_EXISTS: entry('19031', 200, '项目名称已存在', 'A project with this name already exists'),
  FOLDER_NAME_EXISTS: entry('19032', 200, '同名文件夹已存在', 'A folder with this name already exists here'),
  FOLDER_CYCLE: entry(
    '19033',
    200,
    '不能将文件夹移动到它自己的子文件夹中',
    'A folder cannot move into its own child',
  ),
  FOLDER_TOO_DEEP: entry('19034', 200, '文件夹层级过深', 'Folders cannot be nested this deep'),
  PROJECT_NAME_MISMATCH: entry('19035', 200, '项目名称输入不正确', 'The project name does not match'),
  FOLDER_NO_PERMISSION: entry('19036', 200, '没有该文件夹的权限', 'You have no permission for this folder'),
  UPLOAD_POLICY_INVALID: entry(
    '19037',
    200,
    '上传凭证无效，请刷新页面后重试',
    'The upload token is not valid, please refresh the page and retry',
  ),
  UPLOAD_POLICY_EXPIRED: entry(
    '19038',
    200,
    '上传凭证已过期，请重新上传',
    'The upload token has expired, please upload again',
  ),
  UPLOAD_KEY_OUTSIDE: entry(
    '19039',
    200,
    '文件路径不在上传凭证允许的范围内',
    'The file path is outside what the upload token allows',
  ),
  DESIGN_TOO_LARGE: entry(
    '19040',
    200,
    '单张设计图大小超过限制（≤100M），建议调整后重新上传',
    'The design is larger than the limit (≤100M), please adjust it and upload again',
  ),
  DESIGNS_TOO_LARGE: entry(
    '19041',
    200,
    '部分设计图大小超过限制（≤100M），建议调整后重新上传',
    'Some designs are larger than the limit (≤100M), please adjust them and upload again',
  ),
  IMAGE_TOO_BIG_TO_PROCESS: entry(
    '19042',
    200,
    '图片尺寸过大（每边不超过 16384 像素），无法处理',
    'The image is too large to process (at most 16384 px a side)',
  ),
  VERSION_NOT_FOUND: entry('19043', 200, '版本不存在', 'Version not found'),
  UPLOAD_NOT_FOUND: entry(
    '19044',
    200,
    '文件不存在或尚未上传完成',
    'The file does not exist or has not finished uploading',
  ),
  UPLOAD_SIZE_OUT_OF_RANGE: entry(
    '19045',
    200,
    '文件大小超出上传凭证允许的范围',
    'The file size is outside what the upload token allows',
  ),
  SECTION_NOT_FOUND: entry(
    '19046',
    200,
    '分组不存在或已被删除',
    'The section was not found or has been deleted',
  ),
  SECTION_TOO_DEEP: entry('19047', 200, '分组最多嵌套两级', 'Sections can be nested only two levels deep'),
  SECTION_CYCLE: entry(
    '19048',
    200,
    '不能将分组移动到它自己的子分组中',
    'A section cannot move into its own sub-section',
  ),
  SET_MEMBER_TAKEN: entry('19049', 200, '设计图已在其他合并组中', 'A design is already in another set'),
  SET_NOT_FOUND: entry('19050', 200, '合并组不存在或已解散', 'The set was not found or has been dissolved'),
  COMMENT_DELETED: entry('19051', 200, '评论已被删除', 'The comment has been deleted'),
  COMMENT_UPDATE_FAILED: entry(
    '19052',
    200,
    '评论更新失败，请刷新后查看',
    'Comment update failed, please refresh and view',
  ),
  MENTION_NOT_MEMBER: entry(
    '19053',
    200,
    '只能 @ 本项目的成员',
    'Only members of this project can be mentioned',
  ),
  LAYERS_NOT_READY: entry(
    '19054',
    200,
    '图层数据尚未生成，请稍后再试',
    'The layers of this design are not ready yet, please try again shortly',
  ),
  LAYER_NOT_FOUND: entry('19055', 200, '图层不存在', 'Layer not found'),
  NO_LAYERS: entry(
    '19056',
    200,
    '该设计图没有图层，无法导出切图',
    'This design has no layers, so no slices can be exported',
  ),
  COMMENT_NO_PERMISSION: entry(
    '19057',
    200,
    '没有权限操作该评论',
    'You have no permission to change this comment',
  ),
  DOWNLOAD_NOT_ALLOWED: entry(
    '19058',
    200,
    '该项目的下载设置不允许你下载',
    "This project's download setting does not let you download",
  ),
  APPLY_PENDING: entry(
    '19028',
    200,
    '加入该团队需要审核，请提交申请',
    'Joining this team needs review: please apply',
  ),

  // A design's processing, kept as a failed version's reason (jobs/variants.ts)
  DESIGN_FILTERS_TOO_COSTLY: entry(
    '19081',
    200,
    '设计图的滤镜过于复杂，无法生成预览',
    'The design has filters too costly to draw',
  ),
  DESIGN_RENDER_TIMEOUT: entry('19082', 200, '设计图生成预览超时', 'Drawing the design took too long'),
  DESIGN_RENDER_MEMORY: entry(
    '19083',
    200,
    '设计图生成预览所需内存过多',
    'Drawing the design needed too much memory',
  ),
  DESIGN_UNREADABLE: entry(
    '19084',
    200,
    '无法读取该设计图文件，请检查文件后重新上传',
    'The design file could not be read: check it and upload it again',
  ),
  SKETCH_TOO_OLD: entry(
    '19078',
    200,
    '该 Sketch 文件版本过旧，请用 Sketch 43 或更高版本打开并保存后重新上传',
    'This Sketch file is too old: open it in Sketch 43 or later, save it and upload it again',
  ),
  SKETCH_TOO_COMPLEX: entry(
    '19079',
    200,
    'Sketch 文件过大或结构异常（解压后过大、嵌套过深或符号循环引用），无法读取',
    'The Sketch file is too large or malformed (too big unpacked, nested too deep, or a symbol containing itself)',
  ),
  SKETCH_EMPTY: entry(
    '19080',
    200,
    'Sketch 文件中没有画板或图层',
    'The Sketch file has no artboards or layers',
  ),
  // A ZIP named .sketch that holds no Sketch document (registration reads its directory: modules/designs/sketch.ts)
  SKETCH_NOT_SKETCH: entry(
    '19077',
    200,
    '该文件不是 Sketch 文件：ZIP 中缺少 document.json、meta.json 或 pages 目录',
    'This file is not a Sketch file: the ZIP has no document.json, meta.json or pages folder',
  ),

  // Share links (spec 002 §4 "Quick share and anonymous visitors"; §8 "Link expired or reset")
  SHARE_NOT_FOUND: entry('19085', 200, '分享链接不存在', 'The share link does not exist'),
  SHARE_EXPIRED: entry('19086', 200, '链接已过期或已被重置', 'Link expired or reset'),
  SHARE_REVOKED: entry('19087', 200, '分享链接已被取消', 'The share link was revoked'),
  SHARE_SCOPE_DELETED: entry('19088', 200, '分享的内容已被删除', 'The shared content was deleted'),
  SHARE_PASSWORD_REQUIRED: entry('19089', 200, '请输入访问密码', 'This link needs its password'),
  SHARE_PASSWORD_WRONG: entry('19090', 200, '访问密码错误', 'Wrong password'),
  SHARE_PASSWORD_LOCKED: entry(
    '19091',
    200,
    '密码错误次数过多，请稍后再试',
    'Too many wrong passwords, please try again later',
  ),
  SHARE_VISIT_ENDED: entry(
    '19092',
    200,
    '访问已结束，请重新打开分享链接',
    'This visit has ended: open the share link again',
  ),
  SHARE_VISITOR_REFUSED: entry(
    '19093',
    200,
    '分享链接的访客不能进行此操作',
    'Visitors of a share link cannot do this',
  ),

  // Prototype hotspots (spec 001 §3, §5)
  HOTSPOT_OUT_OF_BOUNDS: entry(
    '19094',
    200,
    '热区须有大小且位于设计图范围内',
    'A hotspot must have a size and lie within its design',
  ),
  HOTSPOT_SELF_LINK: entry(
    '19095',
    200,
    '热区不能链接到所在的设计图',
    'A hotspot cannot link to its own design',
  ),
  HOTSPOT_LIMIT: entry(
    '19096',
    200,
    '该设计图的热区数量已达上限',
    "This design's hotspot limit has been reached",
  ),

  // Flow links between designs (spec 001 §7 "project/link")
  LINK_SELF: entry('19097', 200, '连线不能指向所在的设计图', 'A link cannot lead from a design to itself'),
  LINK_FROM_HOTSPOT: entry(
    '19098',
    200,
    '该连线来自热区，请删除或修改热区',
    'This link comes from hotspots: remove or change the hotspots instead',
  ),
  LINK_LIMIT: entry('19099', 200, '该项目的连线数量已达上限', "This project's link limit has been reached"),

  // Project bookmarks (spec 001 §5, §7)
  BOOKMARK_URL_INVALID: entry(
    '19100',
    200,
    '链接须以 http:// 或 https:// 开头',
    'A link must start with http:// or https://',
  ),
  BOOKMARK_FILE_NAME_TOO_LONG: entry(
    '19101',
    200,
    '上传失败：文件名称过长，请修改后重试',
    'Upload failed: the file name is too long. Rename the file and try again',
  ),
  BOOKMARK_FILE_TOO_LARGE: entry(
    '19102',
    200,
    '上传失败：文件大小不能超过 20MB',
    'Upload failed: the file must be at most 20 MB',
  ),
  BOOKMARK_LIMIT: entry(
    '19103',
    200,
    '该项目的书签数量已达上限（200 个）',
    "This project's bookmark limit (200) has been reached",
  ),

  // Product documents (spec 001 §5, §7, §8)
  DOCUMENT_TYPE_UNSUPPORTED: entry(
    '19104',
    200,
    '不支持的资源类型：仅支持 PDF、Word、Excel、PPT 和 Axure 导出的 ZIP',
    'Unsupported resource type: only PDF, Word, Excel, PowerPoint and Axure ZIP exports',
  ),
  DOCUMENT_TOO_LARGE: entry(
    '19105',
    200,
    '资源文件大小超过限制（≤30M），单次上传不超过 40MB',
    'The document is too large: at most 30 MB per file, 40 MB per upload',
  ),
  DOCUMENT_NOT_FOUND: entry('19106', 200, '文档不存在或已删除', 'The document does not exist or was deleted'),
  DOCUMENT_VERSION_NOT_FOUND: entry(
    '19107',
    200,
    '文档版本不存在',
    'This version of the document does not exist',
  ),
  DOCUMENT_ENCRYPTED: entry(
    '19108',
    200,
    '该 PDF 已加密，请移除密码后重新上传',
    'This PDF is encrypted: remove its password and upload it again',
  ),
  DOCUMENT_MALFORMED: entry(
    '19109',
    200,
    '文件已损坏或格式不正确，无法打开',
    'The file is damaged or not in the format it claims, so it cannot be opened',
  ),
  ARCHIVE_UNSAFE: entry(
    '19110',
    200,
    '压缩包不安全：包含目录外的路径，或解压后过大',
    'The archive is unsafe: it holds paths outside its folder or unpacks too large',
  ),
  DOCUMENT_GROUP_NOT_FOUND: entry('19111', 200, '文档分组不存在', 'The document group does not exist'),
  DOCUMENT_NOT_READY: entry(
    '19112',
    200,
    '文档仍在转换中，请稍后再试',
    'The document is still being converted, try again shortly',
  ),
  DOCUMENT_TOO_MANY_PAGES: entry(
    '19113',
    200,
    '文档页数超过限制（≤2000 页）',
    'The document has too many pages (at most 2,000)',
  ),
  DOCUMENT_CONVERSION_FAILED: entry(
    '19114',
    200,
    '文档转换失败，请检查文件后重新上传',
    'The document could not be converted: check the file and upload it again',
  ),
  DOCUMENT_NAME_EXISTS: entry('19115', 200, '同名文档已存在', 'A document with this name already exists'),
  DOCUMENT_LIMIT: entry(
    '19116',
    200,
    '该项目的文档数量已达上限（1000 个）',
    "This project's document limit (1,000) has been reached",
  ),
  DSM_SWITCHED_OFF: entry(
    '19117',
    200,
    '团队已关闭设计系统，请联系团队管理员开启',
    'The design system is turned off for this team: ask a team admin to turn it on',
  ),
  DSM_TOKEN_NAME_EXISTS: entry(
    '19119',
    200,
    '同名设计令牌已存在',
    'A design token with this name already exists',
  ),
  DSM_TOKEN_NOT_FOUND: entry('19120', 200, '设计令牌不存在', 'The design token does not exist'),
  DSM_IMPORT_INVALID: entry('19121', 200, '设计令牌文件无效', 'The design tokens file is not valid'),
  DSM_LIMIT: entry(
    '19122',
    200,
    '设计系统的条目数量已达上限',
    'This design system holds as many items as it may',
  ),
  DSM_FOLDER_LOOP: entry(
    '19123',
    200,
    '不能把文件夹移到它自己或它的子文件夹中，或超过层级上限',
    'A folder cannot move into itself, one of its subfolders, or deeper than the nesting limit',
  ),

  WALKTHROUGH_PAGE_NOT_FOUND: entry('19124', 200, '走查页面不存在', 'The walkthrough page does not exist'),
  WALKTHROUGH_SCREENSHOT_NOT_FOUND: entry(
    '19125',
    200,
    '对比截图不存在',
    'The screenshot does not exist on this walkthrough page',
  ),
  WALKTHROUGH_ISSUE_NOT_FOUND: entry('19126', 200, '走查问题不存在', 'The walkthrough issue does not exist'),
  WALKTHROUGH_CANDIDATE_NOT_FOUND: entry(
    '19127',
    200,
    '这处差异已处理或不存在',
    'This proposed difference was already handled or does not exist',
  ),
  WALKTHROUGH_ASSIGNEE_INVALID: entry(
    '19128',
    200,
    '只能指派给能查看该项目的成员',
    'Issues can only be assigned to someone who can see this project',
  ),
  WALKTHROUGH_SCREENSHOT_TOO_LARGE: entry(
    '19129',
    200,
    '截图不能超过 20MB，且不超过 5000 万像素',
    'A screenshot may be at most 20 MB and 50 million pixels',
  ),
  WALKTHROUGH_LIMIT: entry(
    '19130',
    200,
    '走查内容数量已达上限',
    'This walkthrough holds as many items as it may',
  ),

  // Enterprise single sign-on through OpenID Connect (spec 000 §1, §2 /sso/#/)
  SSO_NOT_CONFIGURED: entry(
    '19150',
    200,
    '未找到对应的单点登录，请检查邮箱或团队 SSO 标识',
    'No single sign-on is set up for this e-mail or SSO id',
  ),
  SSO_DISABLED: entry('19151', 200, '该团队的单点登录未启用', 'Single sign-on is not enabled for this team'),
  SSO_ISSUER_UNREACHABLE: entry(
    '19152',
    200,
    '无法连接身份提供方，请检查 Issuer 地址',
    'The identity provider could not be reached: check the issuer URL',
  ),
  SSO_ISSUER_INVALID: entry(
    '19153',
    200,
    '该地址不是有效的 OpenID Connect 身份提供方（需 https，本机地址除外）',
    'This address is not an OpenID Connect issuer (https is required, except on this machine)',
  ),
  SSO_STATE_INVALID: entry(
    '19154',
    200,
    '登录请求无效或已被使用，请重新发起单点登录',
    'This sign-in request is not valid or was already used: start single sign-on again',
  ),
  SSO_STATE_EXPIRED: entry(
    '19155',
    200,
    '登录请求已过期，请重新发起单点登录',
    'This sign-in request has expired: start single sign-on again',
  ),
  SSO_TOKEN_REJECTED: entry(
    '19156',
    200,
    '身份提供方返回的身份令牌无效（受众不符、已过期或签名错误）',
    "The identity provider's ID token was refused (wrong audience, expired or badly signed)",
  ),
  SSO_PROVIDER_REFUSED: entry(
    '19157',
    200,
    '身份提供方拒绝了这次登录',
    'The identity provider refused this sign-in',
  ),
  SSO_DOMAIN_NOT_ALLOWED: entry(
    '19158',
    200,
    '该邮箱的域名不在团队允许的范围内',
    "This e-mail's domain is not one the team allows",
  ),
  SSO_EMAIL_MISSING: entry(
    '19159',
    200,
    '身份提供方没有提供邮箱地址',
    'The identity provider gave no e-mail address',
  ),
  SSO_EMAIL_UNVERIFIED: entry(
    '19160',
    200,
    '该邮箱已有账号，但身份提供方未验证此邮箱，无法关联',
    'An account with this e-mail exists, but the identity provider has not verified the address, so it cannot be linked',
  ),
  SSO_CONNECTION_INVALID: entry(
    '19161',
    200,
    '登录凭据无效、已过期或已被使用，请重新登录',
    'This sign-in hand-over is not valid, has expired or was already used: sign in again',
  ),
  SSO_SLUG_TAKEN: entry('19162', 200, '该 SSO 标识已被其他团队使用', 'This SSO id is taken by another team'),
  SSO_SECRET_REQUIRED: entry('19163', 200, '请填写客户端密钥', 'Please enter the client secret'),
  SSO_SETTINGS_INVALID: entry(
    '19164',
    200,
    '单点登录设置无效：SSO 标识为 2–40 位小写字母、数字或连字符，域名如 example.com，新成员角色不能是超级管理员',
    'Invalid single sign-on settings: the SSO id is 2–40 lower-case letters, digits or hyphens, domains look like example.com, and new members cannot be super admins',
  ),

  // Plugin sign-in (device codes) and personal access tokens (spec 000 §2 plugBindAccount, §7)
  DEVICE_AUTH_PENDING: entry(
    '19165',
    200,
    '等待用户在浏览器中确认授权',
    'Waiting for the user to approve the sign-in in the browser',
  ),
  DEVICE_SLOW_DOWN: entry(
    '19166',
    200,
    '轮询过于频繁，请按返回的间隔再试',
    'Polling too fast, wait the interval given before asking again',
  ),
  DEVICE_CODE_EXPIRED: entry(
    '19167',
    200,
    '授权码已过期，请在插件中重新登录',
    'This sign-in code has expired, please sign in from the plugin again',
  ),
  DEVICE_ACCESS_DENIED: entry('19168', 200, '用户已拒绝此次登录', 'The user denied this sign-in'),
  DEVICE_CODE_USED: entry(
    '19169',
    200,
    '该授权码已被使用，请重新登录',
    'This sign-in code has already been used, please sign in again',
  ),
  DEVICE_CODE_INVALID: entry('19170', 200, '无效的设备授权码', 'The device code is not valid'),
  USER_CODE_WRONG: entry(
    '19171',
    200,
    '验证码错误或已过期，请核对插件中显示的验证码',
    'The code is wrong or has expired, check the code the plugin shows',
  ),
  USER_CODE_LOCKED: entry(
    '19172',
    200,
    '验证码错误次数过多，请稍后再试',
    'Too many wrong codes, please try again later',
  ),
  USER_CODE_DECIDED: entry(
    '19173',
    200,
    '该验证码已被确认或拒绝，请在插件中重新登录',
    'This code has already been approved or denied, sign in from the plugin again',
  ),
  TOKEN_SCOPE_DENIED: entry(
    '19174',
    403,
    '访问令牌无权执行此操作，请在浏览器中登录后操作',
    'An access token may not do this (outside its scopes): sign in in the browser to do it',
  ),
  ACCESS_TOKEN_LIMIT: entry(
    '19175',
    200,
    '访问令牌数量已达上限，请先撤销不用的令牌',
    'You have as many access tokens as allowed, revoke one you no longer use first',
  ),
  ACCESS_TOKEN_NOT_FOUND: entry(
    '19176',
    200,
    '访问令牌不存在或已撤销',
    'The access token does not exist or was revoked',
  ),

  // HTTP-level refusals (spec 000 §8)
  SESSION_EXPIRED: entry(
    '40100',
    401,
    '登录状态已过期，请重新登录',
    'Login status expired, please log in again',
  ),
  // Social-chat, workplace-chat and work-WeChat sign-in and binding (spec 000 §1, §4, §7)
  CHAT_PROVIDER_OFF: entry(
    '19180',
    200,
    '该登录方式未开启',
    'This sign-in method is not configured on this server',
  ),
  CHAT_STATE_INVALID: entry(
    '19181',
    200,
    '登录链接无效或已被使用，请重新扫码',
    'This sign-in link is not valid or was already used, please scan again',
  ),
  CHAT_STATE_EXPIRED: entry('19182', 200, '二维码已过期，点击刷新', 'QR code expired, click to refresh'),
  CHAT_PROVIDER_FAILED: entry(
    '19183',
    200,
    '第三方账号授权失败，请重试',
    'The chat app did not confirm this account, please try again',
  ),
  CHAT_ACCOUNT_TAKEN: entry(
    '19184',
    200,
    '该第三方账号已绑定其他用户',
    'This chat account is already bound to another user',
  ),
  CHAT_NOT_BOUND: entry('19185', 200, '尚未绑定该账号', 'No account of this kind is bound'),
  CHAT_ALREADY_BOUND: entry(
    '19186',
    200,
    '你已绑定该类账号，请先解绑或换绑',
    'You already have an account of this kind bound: unbind or change it first',
  ),
  CHAT_TICKET_INVALID: entry(
    '19187',
    200,
    '登录凭证无效或已被使用',
    'This sign-in ticket is not valid or was already used',
  ),
  CHAT_SIGN_IN_UNFINISHED: entry(
    '19188',
    200,
    '扫码尚未完成，请先完成授权',
    'The scan is not finished yet: confirm it in the chat app first',
  ),
  PLATFORM_UNKNOWN: entry('19189', 200, '未配置该设计平台', 'This design platform is not configured here'),
  PLATFORM_REDIRECT_REFUSED: entry(
    '19190',
    200,
    '跳转地址不属于该设计平台',
    'The return address does not belong to this design platform',
  ),
  CHAT_SIGNATURE_INVALID: entry('19192', 403, '消息签名无效', 'The signature of this message is not valid'),
  PLATFORM_CODE_INVALID: entry(
    '19191',
    200,
    '授权码无效、已使用或已过期',
    'The authorization code is not valid, was already used, or has expired',
  ),
  VERSION_INVALID: entry(
    '19260',
    200,
    '版本号无效，应形如 1.4.0 或 1.4.0+构建号',
    'The version is not valid: it looks like 1.4.0 or 1.4.0+build',
  ),
  // The first-run path (spec 000 §7 "Onboarding")
  ONBOARDING_ROLE_UNKNOWN: entry('19220', 200, '请从列表中选择你的角色', 'Choose your role from the list'),
  ONBOARDING_INDUSTRY_UNKNOWN: entry(
    '19221',
    200,
    '请从列表中选择团队所在行业',
    "Choose the team's industry from the list",
  ),
  ONBOARDING_STEP_UNKNOWN: entry('19222', 200, '没有这个引导步骤', 'There is no such first-run step'),
  ONBOARDING_SAMPLE_NO_ROOM: entry(
    '19223',
    200,
    '团队的项目数已达套餐上限，无法创建示例项目：请删除一个项目或升级套餐',
    "The team's plan has no room for another project, so the sample project cannot be made: delete a project or upgrade the plan",
  ),
  ONBOARDING_SAMPLE_UNAVAILABLE: entry(
    '19224',
    200,
    '示例设计稿暂时无法准备，请稍后再试',
    'The sample designs could not be prepared, please try again later',
  ),
  GUIDE_UNKNOWN: entry('19200', 200, '没有这个新手引导', 'There is no first-time guide of this name'),
  NOT_ALLOWED: entry('41800', 418, '没有权限访问该项目', 'No permission to access this project'),
  LOGGED_IN_ELSEWHERE: entry(
    '41900',
    419,
    '您的账号已在其他地方登录，请重新登录',
    'Your account logged in elsewhere, please log in again',
  ),
  // Configuration calls, the survey and timing reports (spec 000 §7, §9; spec 002 §9)
  NPS_ALREADY_ANSWERED: entry(
    '19240',
    200,
    '您已经参与过评分，感谢您的反馈',
    'You have already answered the survey, thank you',
  ),
  TIMING_METRIC_UNKNOWN: entry('19241', 200, '未知的计时指标', 'This timing metric is not one Ferry counts'),
  COMPARE_SINGLE_VERSION: entry(
    '19280',
    200,
    '该设计图只有一个版本，没有可对比的内容',
    'This design has only one version, so there is nothing to compare',
  ),
  COMPARE_SAME_VERSION: entry(
    '19281',
    200,
    '请选择两个不同的版本进行对比',
    'Choose two different versions to compare',
  ),
  COMPARE_LAYERS_PROCESSING: entry(
    '19282',
    200,
    '版本的图层仍在处理中，请在处理完成后再试',
    'The layers of these versions are still being processed; try again when processing ends',
  ),
  COMPARE_LAYERS_UNAVAILABLE: entry(
    '19283',
    200,
    '版本没有可对比的图层数据（图片没有图层、图层读取失败或数据过大）',
    'A version has no layers to compare (a plain picture, layers that could not be read, or too large)',
  ),
  COMPARE_FROM_NOT_OLDER: entry(
    '19284',
    200,
    '对比的起始版本必须早于目标版本',
    'The version compared from must be older than the version compared to',
  ),
  PASSWORD_CHANGED: entry(
    '42000',
    420,
    '密码已修改，请重新登录',
    'Your password was changed, please log in again',
  ),
} as const satisfies Record<string, CodeEntry>;

export type CodeName = keyof typeof Codes;

const byCode = new Map<string, CodeEntry>(Object.values(Codes).map((e) => [e.code, e]));

export function codeEntry(code: string): CodeEntry | undefined {
  return byCode.get(code);
}

export type Lang = 'zh-CN' | 'en-US';

export function codeMessage(entryOrCode: CodeEntry | string, lang: Lang): string {
  const found = typeof entryOrCode === 'string' ? codeEntry(entryOrCode) : entryOrCode;
  if (!found) return lang === 'zh-CN' ? '未知错误' : 'Unknown error';
  return lang === 'zh-CN' ? found.zh : found.en;
}
