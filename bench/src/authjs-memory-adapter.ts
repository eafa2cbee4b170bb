/**
 * A minimal in-memory adapter for Auth.js (which ships none), doing the same work per call as
 * ours: map lookups, and a copy of every record handed out.
 */

interface User {
  id: string
  email: string
  emailVerified: Date | null
  name?: string | null
  image?: string | null
}

interface Session {
  sessionToken: string
  userId: string
  expires: Date
}

interface Account {
  provider: string
  providerAccountId: string
  userId: string
  [key: string]: unknown
}

const copy = <T extends object>(value: T): T => ({ ...value })

/** The adapter methods Auth.js calls for database sessions and OAuth sign-ins. */
export function createAuthjsMemoryAdapter() {
  const users = new Map<string, User>()
  const sessions = new Map<string, Session>()
  const accounts = new Map<string, Account>()
  const accountKey = (provider: string, id: string) => JSON.stringify([provider, id])

  return {
    async createUser(user: Omit<User, "id">): Promise<User> {
      const created = { ...user, id: crypto.randomUUID() }
      users.set(created.id, created)
      return copy(created)
    },
    async getUser(id: string): Promise<User | null> {
      const user = users.get(id)
      return user ? copy(user) : null
    },
    async getUserByEmail(email: string): Promise<User | null> {
      for (const user of users.values()) if (user.email === email) return copy(user)
      return null
    },
    async getUserByAccount(account: Pick<Account, "provider" | "providerAccountId">) {
      const linked = accounts.get(accountKey(account.provider, account.providerAccountId))
      const user = linked && users.get(linked.userId)
      return user ? copy(user) : null
    },
    async updateUser(user: Partial<User> & { id: string }): Promise<User> {
      const updated = { ...users.get(user.id)!, ...user }
      users.set(user.id, updated)
      return copy(updated)
    },
    async linkAccount(account: Account): Promise<Account> {
      accounts.set(accountKey(account.provider, account.providerAccountId), copy(account))
      return copy(account)
    },
    async createSession(session: Session): Promise<Session> {
      sessions.set(session.sessionToken, copy(session))
      return copy(session)
    },
    async getSessionAndUser(sessionToken: string) {
      const session = sessions.get(sessionToken)
      const user = session && users.get(session.userId)
      return session && user ? { session: copy(session), user: copy(user) } : null
    },
    async updateSession(session: Partial<Session> & { sessionToken: string }) {
      const current = sessions.get(session.sessionToken)
      if (!current) return null
      const updated = { ...current, ...session }
      sessions.set(session.sessionToken, updated)
      return copy(updated)
    },
    async deleteSession(sessionToken: string) {
      const session = sessions.get(sessionToken)
      sessions.delete(sessionToken)
      return session ? copy(session) : null
    },
  }
}
