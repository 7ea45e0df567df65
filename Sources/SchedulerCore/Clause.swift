extension String {
    /// The text as a clause inside a longer sentence: without its final full stop and spaces. Issue 25, bug 16: a
    /// message that ends in "." put before ". Nothing was started" or "; …" read "..".
    public var asClause: String {
        var text = Substring(self)
        while let last = text.last, last == "." || last == " " || last == "\n" { text.removeLast() }
        return String(text)
    }
}
