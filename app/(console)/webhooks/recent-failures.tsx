/**
 * "3 of the last 20 attempts failed": failing attempts show here while their deliveries are
 * still being retried, before the consecutive-failure count (exhausted deliveries) moves.
 */
export function RecentFailures({ health }: { health: { attempts: number; failed: number } | undefined }) {
  if (!health || health.attempts === 0) return <div className="text-muted-foreground">No attempts yet</div>;
  return (
    <div className={health.failed > 0 ? "text-destructive" : "text-muted-foreground"} data-testid="recent-failures">
      {health.failed} of the last {health.attempts} attempts failed
    </div>
  );
}
