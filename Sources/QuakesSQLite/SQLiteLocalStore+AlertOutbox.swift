public import QuakesData

extension SQLiteLocalStore: AlertOutbox {}
