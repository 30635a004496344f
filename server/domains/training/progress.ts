/**
 * How a player's report moves one person's progress on a course (pure). The player reports every ~10 s the seconds
 * it played since its last report and where it is; the server counts at most the wall-clock time since the last
 * report (so a scripted burst cannot fast-forward), never more than the duration, never backwards.
 */
export const COMPLETE_RATIO = 0.95;
/** Slack for a report's played seconds over the time since the previous one (timers and network jitter). */
export const REPORT_SLACK_SECONDS = 5;
/** What a first report may claim (no earlier report to measure from). */
export const FIRST_REPORT_SECONDS = 15;

export interface Progress {
  durationSeconds: number;
  watchedSeconds: number;
  furthestPosition: number;
  completed: boolean;
}

export interface Report {
  position: number;
  playedSeconds: number;
}

export class ProgressRefusal extends Error {}

export const secondsToComplete = (durationSeconds: number) => Math.ceil(durationSeconds * COMPLETE_RATIO);

export function applyReport(prev: Progress, report: Report, secondsSinceLastReport: number | null): Progress {
  const d = prev.durationSeconds;
  // A second of rounding at the very end is the player's, not a claim beyond the video.
  if (report.position > d + 1) throw new ProgressRefusal(`播放位置 position 不能超过视频时长（${d} 秒）`);
  if (report.playedSeconds > d + 1) throw new ProgressRefusal(`本次观看秒数 playedSeconds 不能超过视频时长（${d} 秒）`);
  const allowance = secondsSinceLastReport === null ? FIRST_REPORT_SECONDS : Math.max(0, secondsSinceLastReport) + REPORT_SLACK_SECONDS;
  const counted = Math.min(Math.floor(report.playedSeconds), Math.floor(allowance));
  const watchedSeconds = Math.min(d, prev.watchedSeconds + Math.max(0, counted));
  const furthestPosition = Math.max(prev.furthestPosition, Math.min(d, Math.floor(report.position)));
  return { durationSeconds: d, watchedSeconds, furthestPosition, completed: prev.completed || watchedSeconds >= secondsToComplete(d) };
}
