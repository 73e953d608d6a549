rootProject.name = "ext"
include(":a", "b")
include("c:d")
group = "io.k"
version = "1.2"
project.version = "x"
allprojects { group = "io.all" }
subprojects { version = "3.0" }
