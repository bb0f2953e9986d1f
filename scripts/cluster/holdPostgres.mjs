// Session 22 (split from startCluster.mjs): the cluster's throwaway PostgreSQL, held open while the cluster runs.
import { withPostgres } from '../withPostgres.mjs';

/** Holds a throwaway PostgreSQL cluster open until `stop()` (withPostgres removes it when its callback ends). */
export function holdPostgres(signals) {
  return new Promise((resolve, reject) => {
    const done = withPostgres(
      (databaseUrl) =>
        new Promise((release) => {
          resolve({
            databaseUrl,
            stop: () => {
              release();
              return done;
            },
          });
        }),
      { signals },
    );
    done.then((outcome) => {
      if (outcome?.skipped) reject(new Error(`No PostgreSQL server for the cluster: ${outcome.skipped}`));
    }, reject);
  });
}
