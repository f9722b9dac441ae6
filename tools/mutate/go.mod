module github.com/waterdeep-go/waterdeep/tools/mutate

go 1.26
