/**
 * The Lua scripts of the Redis store (`@auth/core/redis`): each runs as one atomic step, in one
 * round trip, with commands older Redis versions have too (where Redis 7 would offer a shorter
 * one, the script's comment says so).
 */

/**
 * Counts a hit (`KEYS[1]`) and starts its window of `ARGV[1]` milliseconds on the first one, in
 * one atomic step on every Redis version (`EXPIRE … NX` needs Redis 7). A key left without an
 * expiry, whatever the cause, gets one: a counter never outlives its window for good.
 */
export const HIT_SCRIPT = `local count = redis.call("INCR", KEYS[1])
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`

/** The count and milliseconds left of a hit counter (`KEYS[1]`), without counting: `{ 0, -2 }` when none. */
export const PEEK_SCRIPT = `local count = redis.call("GET", KEYS[1])
if not count then return { 0, -2 } end
return { tonumber(count), redis.call("PTTL", KEYS[1]) }`

/**
 * Runs rate-limit steps (`RateLimitStore.run`) on `KEYS`, three arguments each in `ARGV`: the
 * step's type (`hit` or `peek`), its window in milliseconds (hits) and its limit (`-1`: none);
 * a hit as {@link HIT_SCRIPT} counts it, a peek as {@link PEEK_SCRIPT} looks. Ends after the first
 * step over its limit. Returns a count and milliseconds left per step run, flat.
 */
export const RUN_SCRIPT = `local replies = {}
for index, key in ipairs(KEYS) do
  local kind = ARGV[index * 3 - 2]
  local limit = tonumber(ARGV[index * 3])
  local count, ttl, over
  if kind == "hit" then
    count = redis.call("INCR", key)
    ttl = redis.call("PTTL", key)
    if ttl < 0 then
      ttl = tonumber(ARGV[index * 3 - 1])
      redis.call("PEXPIRE", key, ttl)
    end
    over = limit >= 0 and count > limit
  else
    count = tonumber(redis.call("GET", key) or "0")
    ttl = count > 0 and redis.call("PTTL", key) or -2
    over = limit >= 0 and count > 0 and count >= limit
  end
  replies[#replies + 1] = count
  replies[#replies + 1] = ttl
  if over then break end
end
return replies`

/**
 * Sets `KEYS[1]` to `ARGV[1]` for `ARGV[2]` seconds and publishes `ARGV[4]` on channel `ARGV[3]`,
 * in one step: a deny-list write announces itself to every revocation cache.
 */
export const SET_AND_PUBLISH_SCRIPT = `redis.call("SET", KEYS[1], ARGV[1], "EX", ARGV[2])
redis.call("PUBLISH", ARGV[3], ARGV[4])
return 1`

/** Publishes `ARGV[2]` on channel `ARGV[1]`: the revocation cache's handshake. */
export const PUBLISH_SCRIPT = `return redis.call("PUBLISH", ARGV[1], ARGV[2])`

/**
 * Sets field `ARGV[1]` of the map at `KEYS[1]` to `ARGV[2]` and keeps the map at least `ARGV[3]`
 * milliseconds: a shorter time never cuts a longer one (`EXPIRE … GT` needs Redis 7, and treats a
 * new map, which has no expiry, as one that never expires).
 */
export const SET_FIELD_SCRIPT = `redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
if redis.call("PTTL", KEYS[1]) < tonumber(ARGV[3]) then
  redis.call("PEXPIRE", KEYS[1], ARGV[3])
end
return 1`

/**
 * Sets `KEYS[1]` to `ARGV[1]` for `ARGV[2]` milliseconds unless it holds a value: `1` when set,
 * `0` when not. (`SET … NX PX` in a script, so that every client sends it the same way.)
 */
export const SET_IF_ABSENT_SCRIPT = `if redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) then
  return 1
end
return 0`

/** Deletes `KEYS[1]` when it holds `ARGV[1]`, in one step: a lock's holder releases only its own. */
export const DELETE_IF_EQUALS_SCRIPT = `if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return 0`
